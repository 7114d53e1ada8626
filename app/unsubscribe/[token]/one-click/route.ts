// The List-Unsubscribe address of an update mail (RFC 8058): the mail provider's one-click POST
// unfollows at once. A GET (a person or a scanner opening it) only shows the confirm page.
import { getDb } from '@/db/client';
import { unsubscribe } from '@/lib/listing-content/unsubscribe';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ token: string }> };

const plain = (body: string) =>
  new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function POST(_request: Request, { params }: Params) {
  const done = await unsubscribe(await getDb(), (await params).token.slice(0, 200));
  return plain(done ? `Unsubscribed: no more emails about ${done.listingName}.` : 'This link was already used.');
}

export async function GET(request: Request, { params }: Params) {
  const page = new URL(`/unsubscribe/${encodeURIComponent((await params).token.slice(0, 200))}`, request.url);
  return new Response(null, { status: 303, headers: { location: page.pathname, 'cache-control': 'no-store' } });
}
