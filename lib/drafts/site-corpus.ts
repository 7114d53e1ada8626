// The evidence corpus of a crawled site: each page's text, its addresses, and separately its image
// addresses (<img>, icons, og:image, JSON-LD logo/image, people's photos) and links with their text.
import { ldList, ldString } from '@/lib/crawl/jsonld';
import type { SitePage } from './drafters/site-data';
import { buildCorpus, type Corpus } from './evidence';

const abs = (u: string, base: string) => {
  try {
    return new URL(u, base).toString();
  } catch {
    return null;
  }
};

export function imagesOf(p: SitePage): string[] {
  const ld = p.jsonld
    .flatMap((n) => [ldString(n.logo), ...ldList(n.image).map(ldString)])
    .filter((x): x is string => !!x);
  return [
    ...p.images.map((i) => i.src),
    ...p.icons,
    ...(p.meta.ogImage ? [p.meta.ogImage] : []),
    ...ld,
    ...p.people.map((x) => x.photo).filter((x): x is string => !!x),
  ]
    .map((u) => abs(u, p.url))
    .filter((x): x is string => !!x);
}

export function siteCorpus(pages: SitePage[]): Corpus {
  return buildCorpus(
    pages.map((p) => ({ url: p.url, text: p.text, urls: p.urls, images: imagesOf(p), links: p.links })),
  );
}
