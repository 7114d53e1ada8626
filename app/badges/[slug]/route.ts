// The launch badge image, /badges/<slug>.svg (light) and /badges/<slug>.svg?theme=dark: served from
// the site with the vote count, cached by browsers and proxies for 5 minutes (ETag revalidation).
import { badgeImage } from '@/lib/launches/badge-image';

export const dynamic = 'force-dynamic';

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug: file } = await params;
  const slug = file.endsWith('.svg') ? file.slice(0, -4) : file;
  const notFound = new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  if (!SLUG.test(slug)) return notFound;
  const theme = new URL(request.url).searchParams.get('theme') === 'dark' ? 'dark' : 'light';
  const image = await badgeImage(slug, theme);
  if (!image) return notFound;
  const headers = {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': 'public, max-age=300, stale-while-revalidate=86400',
    etag: image.etag,
    'x-content-type-options': 'nosniff',
    // Other sites embed it: allow that, and let the SVG itself run nothing.
    'cross-origin-resource-policy': 'cross-origin',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (request.headers.get('if-none-match') === image.etag) return new Response(null, { status: 304, headers });
  return new Response(image.svg, { headers });
}
