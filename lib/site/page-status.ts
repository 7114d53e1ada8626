// A page answered with a status of its own. A page component cannot set its response's status in the
// App Router, so a page that must not be kept (the search page while the database protects itself)
// marks an element of its HTML with `data-page-status="503"`; the page cache, which renders the
// public pages (./page-cache.ts), answers that render with the status and never stores it. No
// visitor's text can carry the marker: React escapes quotes in text and attribute values, and the
// page's RSC payload writes the attribute as JSON (`\"data-page-status\":…`).
export const PAGE_STATUS_ATTRIBUTE = 'data-page-status';

const MARKED = / data-page-status="(5\d\d)"/;

/** The server error status a rendered page marked itself with, or null. */
export function markedPageStatus(html: string): number | null {
  const m = MARKED.exec(html);
  return m ? Number(m[1]) : null;
}

/** Seconds a busy page (503) asks to wait before trying again (Retry-After), as the API's service_busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
