// The evidence guard (DESIGN part 5): a quote counts only if it is found in the fetched text of
// its page after normalisation, and a value stands only if its quotes support it. Anything else
// is dropped to not_found. Applied to every drafter's output, deterministic or AI.
import type { Evidence } from './types';

export type CorpusPage = {
  url: string;
  text: string;
  urls: string[];
  /** Image addresses of the page (<img>, icons, og:image, JSON-LD logo/image). */
  images?: string[];
  /** Links of the page with their text. */
  links?: { href: string; text: string }[];
};
export type Corpus = Map<string, { norm: string; urls: Set<string> }>;

/** NFKC, one case, one kind of quote and dash, single spaces. */
export function normalize(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
}

const urlKey = (u: string) => {
  try {
    const x = new URL(u);
    x.hash = '';
    return x.toString().replace(/\/$/, '');
  } catch {
    return u.trim();
  }
};

export function buildCorpus(pages: CorpusPage[]): Corpus {
  return new Map(pages.map((p) => [urlKey(p.url), { norm: normalize(p.text), urls: new Set(p.urls.map(urlKey)) }]));
}

const MIN_QUOTE = 3;

/** True when the quote is text of its page (or, for URL values, an address on the page). */
export function quoteFound(corpus: Corpus, e: Evidence): boolean {
  const page = corpus.get(urlKey(e.url));
  if (!page) return false;
  const q = normalize(e.quote);
  if (q.length < MIN_QUOTE) return false;
  return page.norm.includes(q) || page.urls.has(urlKey(e.quote));
}

const STOP = new Set('the and for with that this from your you our are was were has have had not but all can will into over about more than they them their its it’s it\'s out use using get just also any one two new a an of to in on at by or as is be we us my i'.split(' '));

function words(s: string): string[] {
  return normalize(s)
    .split(/[^\p{L}\p{N}@.$€£%+]+/u)
    .map((w) => w.replace(/^[.]+|[.]+$/g, '').replace(/(ies|es|s)$/, ''))
    .filter((w) => w.length >= 2 && !STOP.has(w));
}

/**
 * True when the quotes support the value: for short values (names, years, emails, URLs) the value
 * itself appears in a quote; for prose, most of its content words do.
 */
export function supports(value: string, quotes: string[]): boolean {
  const v = normalize(value);
  if (!v) return false;
  const joined = quotes.map(normalize).join(' \n ');
  if (joined.includes(v) || quotes.some((q) => urlKey(q) === urlKey(value))) return true;
  const vw = words(value);
  if (vw.length === 0) return false;
  if (vw.length <= 3) return vw.every((w) => joined.includes(w));
  const qw = new Set(words(joined));
  const hits = vw.filter((w) => qw.has(w)).length;
  return hits / vw.length >= 0.6;
}

/** The quotes that are really on their pages. */
export const foundQuotes = (corpus: Corpus, evidence: Evidence[] | undefined) => (evidence ?? []).filter((e) => quoteFound(corpus, e));
