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
  {
    href: '/admin/launches',
    label: 'Launches',
    description: 'The launch queue by week, moving a launch to another week, and the free queue’s settings.',
  },
  {
    href: '/admin/orders',
    label: 'Orders',
    description: 'Find an order by number or buyer, see its payment and delivery, refund it or deliver again.',
  },
  {
    href: '/admin/products',
    label: 'Products',
    description: 'What is for sale: prices, options, weekly capacity; every change kept with who and when.',
  },
  {
    href: '/admin/promo-codes',
    label: 'Promo codes',
    description: 'Codes with what they take off, the products, dates and limits, and their redemptions.',
  },
];
