// A short id for each page request: proxy.ts sets it as a request header, the root layout puts it in
// a <meta> for the 500 page to show, and instrumentation.ts writes it in the log of a server error.
import { randomBytes } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
export const REQUEST_ID_META = 'request-id';

export function newRequestId(): string {
  return randomBytes(5).toString('hex');
}
