'use client';
// The site team's side navigation (a tab strip on phones). The pages come from admin-pages.ts.
import { SideNav } from '@/components/ui/side-nav';
import { adminPages } from './admin-pages';

const items = [{ href: '/admin', label: 'Overview' }, ...adminPages];

export function AdminNav() {
  return <SideNav label="Site team" items={items} />;
}
