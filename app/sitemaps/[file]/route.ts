// The chunks a large sitemap.xml index points to: pages.xml and listings-<n>.xml.
import { cachedCategories, cachedSitemapChunk } from '@/lib/directory/cached';
import { STATIC_PATHS, urlset, xmlResponse } from '@/lib/directory/sitemap';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const base = publicBaseUrl(request.url);
  if (file === 'pages.xml') {
    const categories = await cachedCategories();
    return xmlResponse(
      urlset([
        ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}` })),
        ...categories.map((c) => ({ loc: `${base}/c/${c.slug}` })),
      ]),
    );
  }
  const m = /^listings-(\d{1,4})\.xml$/.exec(file);
  const chunk = m ? Number(m[1]) - 1 : -1;
  if (chunk < 0) return new Response('Not found', { status: 404 });
  const rows = await cachedSitemapChunk(chunk);
  if (!rows.length) return new Response('Not found', { status: 404 });
  return xmlResponse(urlset(rows.map((l) => ({ loc: `${base}/p/${l.slug}`, lastmod: l.updatedAt }))));
}
