// The site team's area: accounts with the admin role. Everyone else, signed in or not, gets the 404
// page (requireAdmin). Each page and every server action checks again: this layout is not the guard.
import type { Metadata } from 'next';
import { AdminNav } from '@/components/admin/admin-nav';
import { requireAdmin } from '@/lib/auth/admin';

export const metadata: Metadata = { robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdmin();
  return (
    <div className="flex flex-col gap-6 md:flex-row md:gap-10">
      <aside className="md:w-52 md:shrink-0">
        <div className="md:sticky md:top-20">
          <p className="mb-3 hidden truncate px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase md:block">
            Site team
          </p>
          <AdminNav />
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
