// The site team's index: one card per admin page (components/admin/admin-pages.ts).
import type { Metadata } from 'next';
import Link from 'next/link';
import { adminPages } from '@/components/admin/admin-pages';
import { cardClass } from '@/components/ui/card';
import { requireAdmin } from '@/lib/auth/admin';

export const metadata: Metadata = { title: 'Site team' };
export const dynamic = 'force-dynamic';

export default async function AdminIndexPage() {
  const user = await requireAdmin();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Site team</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Signed in as {user.name || user.email}, with the admin role. What you do here is recorded with your name.
        </p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2">
        {adminPages.map((p) => (
          <li key={p.href}>
            <Link
              href={p.href}
              className={`${cardClass} hover:border-brand-300 block h-full p-5 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700`}
            >
              <span className="text-base font-semibold text-stone-900">{p.label}</span>
              <span className="mt-1 block text-sm text-stone-600">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
