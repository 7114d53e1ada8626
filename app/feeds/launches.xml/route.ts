// RSS 2.0: products that just launched (live listings only).
import { cachedLaunchFeed } from '@/lib/directory/cached';
import { launchesRss } from '@/lib/directory/feeds';
import { xmlResponse } from '@/lib/directory/sitemap';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  return xmlResponse(launchesRss(publicBaseUrl(request.url), await cachedLaunchFeed()), 'application/rss+xml');
}
