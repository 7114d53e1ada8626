// RSS 2.0: latest updates posted by live listings.
import { cachedUpdates } from '@/lib/directory/cached';
import { updatesRss } from '@/lib/directory/feeds';
import { xmlResponse } from '@/lib/directory/sitemap';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const { items } = await cachedUpdates(1, 50);
  return xmlResponse(updatesRss(publicBaseUrl(request.url), items), 'application/rss+xml');
}
