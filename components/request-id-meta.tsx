// The request's id (set by proxy.ts) where the 500 page (app/error.tsx) can read it.
import { headers } from 'next/headers';
import { REQUEST_ID_HEADER, REQUEST_ID_META } from '@/lib/site/request-id';

export async function RequestIdMeta() {
  const id = (await headers()).get(REQUEST_ID_HEADER);
  return id ? <meta name={REQUEST_ID_META} content={id} /> : null;
}
