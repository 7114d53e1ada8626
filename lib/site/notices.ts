// Messages a page shows from its query string (?notice= on product pages, ?error= on /submit). The
// URL carries a code only and the page shows a fixed text for it: a link can never make the site
// display words of someone else's choosing styled as a site notice. Unknown codes show nothing.
import type { ErrorCode } from '@/lib/errors/codes';

const PRODUCT_NOTICES = {
  rate_limited: 'Too many clicks in a row. Wait a minute and try again.',
  not_open: 'Voting and following are not open for this product right now.',
  not_found: 'This product is not available any more.',
  failed: 'That did not work. Please try again.',
  intent_expired: 'Signing in took more than 15 minutes, so nothing was counted. Press the button again.',
} as const;

const SUBMIT_ERRORS = {
  invalid_url: 'Enter the address of your website, e.g. https://example.com.',
  not_public: 'That address is not a public website we can read.',
  rate_limited: 'You have started several drafts just now. Wait a little and try again.',
  failed: 'The draft could not be started. Please try again.',
} as const;

export type ProductNotice = keyof typeof PRODUCT_NOTICES;
export type SubmitError = keyof typeof SUBMIT_ERRORS;

const lookup = <T extends Record<string, string>>(table: T, code: unknown): string | null =>
  typeof code === 'string' && Object.hasOwn(table, code) ? table[code] : null;

/** The text for `?notice=` on a product page, or null for a missing or unknown code. */
export const productNoticeText = (code: unknown) => lookup(PRODUCT_NOTICES, code);
/** The text for `?error=` on /submit, or null for a missing or unknown code. */
export const submitErrorText = (code: unknown) => lookup(SUBMIT_ERRORS, code);

/** The notice code for a failed vote or follow. */
export function productNoticeFor(code: ErrorCode | undefined): ProductNotice {
  if (code === 'rate_limited') return 'rate_limited';
  if (code === 'unprocessable') return 'not_open';
  if (code === 'not_found') return 'not_found';
  return 'failed';
}

/** The /submit error code for a refused URL submission. */
export function submitErrorFor(code: ErrorCode | undefined): SubmitError {
  if (code === 'validation_failed') return 'invalid_url';
  if (code === 'blocked_address') return 'not_public';
  if (code === 'rate_limited') return 'rate_limited';
  return 'failed';
}
