'use client';
// The account area's side navigation. To add a page, add one entry to `accountNav`.
import { SideNav, type SideNavItem } from '@/components/ui/side-nav';

export const accountNav: SideNavItem[] = [
  { href: '/account', label: 'Dashboard' },
  { href: '/submit', label: 'Submit a product' },
  { href: '/drafts', label: 'My drafts' },
  { href: '/account/listings', label: 'My listings' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/following', label: 'Following and votes' },
  { href: '/account/profile', label: 'Founder profile' },
  { href: '/account/interview', label: 'Interview' },
  { href: '/account/api-keys', label: 'API keys' },
  { href: '/account/connected-apps', label: 'Connected apps' },
];

export function AccountNav() {
  return <SideNav label="Account" items={accountNav} />;
}
