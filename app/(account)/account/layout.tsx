// The signed-in account area: side navigation (a tab strip on phones) beside the page.
// Each page calls requireUser(its own path) so a signed-out visitor returns to it after sign-in.
import { AccountNav } from '@/components/account/account-nav';
import { getCurrentUser } from '@/lib/auth/session';

export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (!user) return <>{children}</>;
  return (
    <div className="flex flex-col gap-6 md:flex-row md:gap-10">
      <aside className="md:w-52 md:shrink-0">
        <div className="md:sticky md:top-20">
          <p className="mb-3 hidden truncate px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">Your account</p>
          <AccountNav />
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
