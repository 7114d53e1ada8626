// The evidence guard (docs/decisions.md#evidence-guard): a quote counts only if it is found in the fetched text of
// its page, starting and ending on token boundaries, and a value stands only if its quotes support
// it: every salient token (number with its currency or percent, date, e-mail, URL, name) appears as
// a whole token of the quotes, every content word is there, and no sentence flips a negation.
// Anything else is refused (the field stays not_found) with the reason. Applied to every drafter.
import { detectLang, isContent, isNegation, isSalient, stem, tokenize, type Lang, type Token } from './evidence-tokens';
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
export type CorpusEntry = {
  norm: string;
  urls: Set<string>;
  images: Set<string>;
  links: { href: string; text: string }[];
};
export type Corpus = Map<string, CorpusEntry>;
/** Why a value was refused, or that it stands. */
export type Check = { ok: true } | { ok: false; reason: string };
export const OK: Check = { ok: true };
export const refuse = (reason: string): Check => ({ ok: false, reason });

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

export const urlKey = (u: string) => {
  try {
    const x = new URL(u.trim());
    x.hash = '';
    return x.toString().replace(/\/$/, '');
  } catch {
    return u.trim();
  }
};

export function buildCorpus(pages: CorpusPage[]): Corpus {
  return new Map(
    pages.map((p) => [
      urlKey(p.url),
      {
        norm: normalize(p.text),
        urls: new Set(p.urls.map(urlKey)),
        images: new Set((p.images ?? []).map(urlKey)),
        links: (p.links ?? []).map((l) => ({ href: urlKey(l.href), text: l.text })),
      },
    ]),
  );
}

const MIN_QUOTE = 3;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;

/** True when text[start, end) does not begin or end inside a word or a number. */
function onBoundaries(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? '';
  const after = text[end] ?? '';
  if (WORD_CHAR.test(text[start]) && WORD_CHAR.test(before)) return false;
  if (WORD_CHAR.test(text[end - 1]) && WORD_CHAR.test(after)) return false;
  if (DIGIT.test(text[start]) && /[.,]/.test(before) && DIGIT.test(text[start - 2] ?? '')) return false;
  if (DIGIT.test(text[end - 1]) && /[.,]/.test(after) && DIGIT.test(text[end + 1] ?? '')) return false;
  return true;
}

/** True when `needle` occurs in `hay` on token boundaries. */
export function containsOnBoundaries(hay: string, needle: string): boolean {
  if (!needle) return false;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1))
    if (onBoundaries(hay, i, i + needle.length)) return true;
  return false;
}

/** True when the quote is text of its page (or, for URL values, an address on the page). */
export function quoteFound(corpus: Corpus, e: Evidence): boolean {
  const page = corpus.get(urlKey(e.url));
  if (!page) return false;
  const q = normalize(e.quote);
  if (q.length < MIN_QUOTE) return false;
  return containsOnBoundaries(page.norm, q) || page.urls.has(urlKey(e.quote));
}

/** The quotes that are really on their pages. */
export const foundQuotes = (corpus: Corpus, evidence: Evidence[] | undefined) =>
  (evidence ?? []).filter((e) => quoteFound(corpus, e));

/** Tokens of all quotes, with clause numbers distinct across quotes. */
export function quoteTokens(quotes: string[]): Token[] {
  let offset = 0;
  const out: Token[] = [];
  for (const q of quotes) {
    const toks = tokenize(q);
    for (const t of toks) out.push({ ...t, clause: t.clause + offset });
    offset += (toks.at(-1)?.clause ?? 0) + 1;
  }
  return out;
}

const host = (u: string) => {
  try {
    return new URL(u).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/** True when the salient token `v` is a whole token of the quotes. */
export function tokenIn(v: Token, qt: Token[]): boolean {
  switch (v.kind) {
    case 'num':
      return qt.some(
        (q) => q.kind === 'num' && q.t === v.t && (!v.cur || q.cur === v.cur) && (!v.pct || q.pct === true),
      );
    case 'url':
      return qt.some((q) => q.kind === 'url' && urlKey(q.raw) === urlKey(v.raw));
    case 'domain':
      return qt.some(
        (q) =>
          q.t === v.t || (q.kind === 'url' && host(q.raw) === v.t) || (q.kind === 'email' && q.t.endsWith(`@${v.t}`)),
      );
    default:
      return qt.some((q) => q.kind === v.kind && q.t === v.t);
  }
}

const levenshtein = (a: string, b: string) => {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length];
};

/** The token of the quotes that `v` most likely misquotes ('$12' for '$120', 'Tamm' for 'Tam'). */
export function nearest(v: Token, qt: Token[]): Token | null {
  const same = qt.filter((q) => q.kind === v.kind);
  if (v.kind === 'num') {
    const pool = same.filter((q) => (q.cur ?? null) === (v.cur ?? null)).length
      ? same.filter((q) => (q.cur ?? null) === (v.cur ?? null))
      : same;
    const digits = (t: Token) => t.t.replace('.', '').length;
    const close = pool.filter((q) => (q.t.includes(v.t) || v.t.includes(q.t)) && Math.abs(digits(q) - digits(v)) <= 1);
    const alike = pool.filter((q) => Math.abs(digits(q) - digits(v)) <= 1);
    const pick = (close.length ? close : alike).sort(
      (a, b) => Math.abs(Math.log(Number(a.t) / Number(v.t))) - Math.abs(Math.log(Number(b.t) / Number(v.t))),
    )[0];
    return pick ?? null;
  }
  const scored = same
    .map((q) => ({
      q,
      d: q.t.startsWith(v.t) || v.t.startsWith(q.t) ? Math.abs(q.t.length - v.t.length) : levenshtein(q.t, v.t),
    }))
    .filter(({ q, d }) => d <= Math.max(1, Math.floor(Math.min(q.t.length, v.t.length) / 3)));
  return scored.sort((a, b) => a.d - b.d)[0]?.q ?? null;
}

const missing = (v: Token, qt: Token[]) => {
  const near = nearest(v, qt);
  return (
    `'${v.raw}' is not on the site` +
    (near && near.raw.toLowerCase() !== v.raw.toLowerCase() ? `; the site says '${near.raw}'` : '') +
    '.'
  );
};

const clauses = (tokens: Token[]) => {
  const by = new Map<number, Token[]>();
  for (const t of tokens) by.set(t.clause, [...(by.get(t.clause) ?? []), t]);
  return [...by.values()];
};
const contentStems = (tokens: Token[]) => new Set(tokens.filter(isContent).map((t) => stem(t.t)));
const shown = (tokens: Token[]) => tokens.map((t) => t.raw).join(' ');

/**
 * Whether the quotes support a prose value: its salient tokens are whole tokens of the quotes, its
 * content words (stemmed) are all in the quotes, and each of its sentences (clauses when long)
 * has the negation of the quote clause it comes from.
 */
export function checkProse(
  value: string,
  quotes: string[],
  lang: Lang = detectLang(`${value} ${quotes.join(' ')}`),
): Check {
  const vt = tokenize(value);
  if (!vt.length) return refuse('The value is empty.');
  const qt = quoteTokens(quotes);
  for (const t of vt) if (isSalient(t, lang) && !tokenIn(t, qt)) return refuse(missing(t, qt));
  const qStems = new Set(qt.filter((t) => t.kind === 'word').map((t) => stem(t.t)));
  for (const t of vt) if (isContent(t) && !qStems.has(stem(t.t))) return refuse(missing(t, qt));
  const quoteClauses = clauses(qt).map((c) => ({ c, stems: contentStems(c), neg: c.some(isNegation) }));
  for (const c of clauses(vt)) {
    const stems = contentStems(c);
    if (!stems.size) continue;
    const neg = c.some(isNegation);
    const scored = quoteClauses.map((q) => ({ ...q, hits: [...stems].filter((s) => q.stems.has(s)).length }));
    const best = Math.max(0, ...scored.map((q) => q.hits));
    if (best === 0) continue;
    const top = scored.filter((q) => q.hits === best);
    if (!top.some((q) => q.neg === neg))
      return refuse(`'${shown(c)}' says the opposite of the site, which says '${shown(top[0].c)}'.`);
  }
  return OK;
}

/** True when the quotes support the value (see checkProse). */
export const supports = (value: string, quotes: string[]) => checkProse(value, quotes).ok;

/** A name (product, company, person) is a run of whole words of one quote, as written. */
export function checkName(value: string, quotes: string[]): Check {
  const vt = tokenize(value);
  if (!vt.length) return refuse('The name is empty.');
  const runs = quotes.map((q) => tokenize(q));
  if (runs.some((qt) => qt.some((_, i) => vt.every((v, k) => qt[i + k]?.t === v.t)))) return OK;
  const all = runs.flat();
  const gap = vt.find((v) => !all.some((q) => q.t === v.t));
  return refuse(gap ? missing(gap, all) : `'${value}' is not written like that on the site.`);
}

/** A keyword or phrase is a run of whole words (plurals allowed) of one quote. */
export function checkPhrase(value: string, quotes: string[]): Check {
  const vt = tokenize(value).map((t) => stem(t.t));
  if (!vt.length) return refuse('The keyword is empty.');
  const found = quotes.some((q) => {
    const qt = tokenize(q).map((t) => stem(t.t));
    return qt.some((_, i) => vt.every((v, k) => qt[i + k] === v));
  });
  return found ? OK : refuse(`'${value}' is not a word or phrase of its quotes from the site.`);
}
