// sitemap.xml: public pages, categories and live listings (an index of chunks when very large).
import { cachedCategories, cachedLiveCount, cachedSitemapChunk } from '@/lib/directory/cached';
import { SITEMAP_CHUNK, STATIC_PATHS, sitemapIndex, urlset, xmlResponse } from '@/lib/directory/sitemap';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const base = publicBaseUrl(request.url);
  const count = await cachedLiveCount();
  if (count > SITEMAP_CHUNK) {
    const chunks = Math.ceil(count / SITEMAP_CHUNK);
    return xmlResponse(
      sitemapIndex([
        `${base}/sitemaps/pages.xml`,
        ...Array.from({ length: chunks }, (_, i) => `${base}/sitemaps/listings-${i + 1}.xml`),
      ]),
    );
  }
  const [categories, listings] = await Promise.all([cachedCategories(), cachedSitemapChunk(0)]);
  return xmlResponse(
    urlset([
      ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}` })),
      ...categories.map((c) => ({ loc: `${base}/c/${c.slug}` })),
      ...listings.map((l) => ({ loc: `${base}/p/${l.slug}`, lastmod: l.updatedAt })),
    ]),
  );
}
