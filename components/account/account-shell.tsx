// The account area's frame: side navigation (a tab strip on phones) beside the page.
import { AccountNav } from '@/components/account/account-nav';

export function AccountShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6 md:flex-row md:gap-10">
      <aside className="md:w-52 md:shrink-0">
        <div className="md:sticky md:top-20">
          <p className="mb-3 hidden truncate px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">
            Your account
          </p>
          <AccountNav />
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
