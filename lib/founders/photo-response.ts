// The HTTP answer for a founder photo (app/(site)/founders/[slug]/photo/route.ts): our re-encoded
// bytes with the type we chose, nosniff, an ETag from the content hash, and a year of caching when
// the URL names the current hash. A founder not yet behind a live listing is seen only by themselves.
import type { DbOrTx } from '@/db/client';
import { readFounderPhoto } from './photo';

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });

export async function founderPhotoResponse(
  db: DbOrTx,
  slug: string,
  request: Request,
  viewerId: () => Promise<string | null>,
): Promise<Response> {
  const photo = await readFounderPhoto(db, slug);
  if (!photo) return notFound();
  if (!photo.isPublic && (!photo.userId || (await viewerId()) !== photo.userId)) return notFound();
  const etag = `"${photo.hash}"`;
  const current = new URL(request.url).searchParams.get('v') === photo.hash.slice(0, 16);
  const headers: Record<string, string> = {
    etag,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': !photo.isPublic
      ? 'private, no-cache'
      : current
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(photo.data), {
    status: 200,
    headers: { ...headers, 'content-type': photo.contentType, 'content-length': String(photo.data.length) },
  });
}
