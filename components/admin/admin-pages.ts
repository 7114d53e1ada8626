// The site team's pages: the side navigation and the /admin index both read this list. To add a page,
// add one entry here.
export type AdminPage = { href: string; label: string; description: string };

export const adminPages: AdminPage[] = [
  {
    href: '/admin/edits',
    label: 'Edits',
    description: 'Every change to a listing, as before and after: mark it reviewed or revert it.',
  },
  {
    href: '/admin/listings',
    label: 'Listings',
    description: 'Find any listing, whatever its status; reject or archive it with a reason, or restore it.',
  },
];
