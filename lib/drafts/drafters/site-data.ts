// What drafters read: the extracted pages of one site and the category list.
import type { PageExtract } from '@/lib/crawl/extract-page';
import type { PageKind } from '@/lib/crawl/plan';
import type { DraftFieldName, Proposals } from '../types';

export type SitePage = PageExtract & { kind: PageKind };
export type SiteData = {
  url: string;
  pages: SitePage[];
  categories: { name: string; description: string }[];
  now: Date;
};
export type Drafter = { name: string; draft: (site: SiteData, only?: readonly DraftFieldName[]) => Promise<Proposals> };

/** The line of `text` containing `needle` (case-insensitive), trimmed to a readable sentence. */
export function lineWith(text: string, needle: string): string | null {
  const n = needle.toLowerCase();
  const line = text.split('\n').find((l) => l.toLowerCase().includes(n));
  if (!line) return null;
  if (line.length <= 300) return line;
  const sentences = line.split(/(?<=[.!?])\s+/);
  return sentences.find((s) => s.toLowerCase().includes(n))?.slice(0, 300) ?? null;
}

/** The first page (in kind order) with a line matching `re`; returns the line and page url. */
export function findLine(
  site: SiteData,
  re: RegExp,
  kinds?: PageKind[],
): { line: string; url: string; match: RegExpMatchArray } | null {
  const pages = kinds ? kinds.flatMap((k) => site.pages.filter((p) => p.kind === k)) : site.pages;
  for (const p of pages) {
    for (const raw of p.text.split('\n')) {
      const sentences = raw.length > 300 ? raw.split(/(?<=[.!?])\s+/) : [raw];
      for (const line of sentences) {
        const match = line.match(re);
        if (match) return { line, url: p.url, match };
      }
    }
  }
  return null;
}
