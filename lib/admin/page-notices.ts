/**
 * One-minute cookies: what the site team just did on a page, shown once at its top (the row that held
 * the form may have moved or lost the form, and its message with it).
 */
export const LISTINGS_NOTICE_COOKIE = 'admin_listings_notice';
export const LAUNCHES_NOTICE_COOKIE = 'admin_launches_notice';
