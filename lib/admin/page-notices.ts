/** A one-minute cookie: what the site team just did on /admin/listings, shown once at the page's top. */
export const LISTINGS_NOTICE_COOKIE = 'admin_listings_notice';
