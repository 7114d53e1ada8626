// Synthetic listing rows as COPY text, drawn from the vocabulary with a Zipf-like law, and the
// search dictionary's word counts for the rows made (name, headline and summary words, once per listing),
// and the lexeme counts of their headline, summary and description words (once per listing, in all and
// per category) for search_lexemes and search_category_lexemes.
import { isoWeekOf } from '@/lib/time/iso-week';
import { vocabulary } from './words';

const DAY = 86_400_000;
/** Word rank r is drawn with probability ∝ 1 / r^ZIPF_EXPONENT. */
export const ZIPF_EXPONENT = 1.05;
/** Votes per listing: floor(u^12 × 60): 0 for about 70 % of listings, a few dozen for the top. */
const MAX_VOTES = 60;
/** Inverse-CDF lookup resolution: the rarest ranks still get several slots. */
const SLOTS = 1 << 20;

/** Deterministic PRNG (mulberry32): the same fill numbers give the same listings. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Rank (0-based) per slot of [0, 1): the inverse CDF of the continuous law x^-s on [1, n+1), so that
 * rank r falls with probability ≈ 1/r^s. A table, because Math.pow per word made generation the bottleneck.
 */
function zipfTable(n: number, s: number): Uint16Array {
  const a = 1 - s;
  const top = Math.pow(n + 1, a);
  const table = new Uint16Array(SLOTS);
  for (let i = 0; i < SLOTS; i++) {
    const x = Math.pow(1 - ((i + 0.5) / SLOTS) * (1 - top), 1 / a);
    table[i] = Math.min(n, Math.max(1, Math.floor(x))) - 1;
  }
  return table;
}

let shared: { vocab: string[]; bytes: Buffer[]; table: Uint16Array } | undefined;
function words() {
  if (!shared) {
    const vocab = vocabulary();
    const bytes = vocab.map((w) => Buffer.from(w, 'latin1'));
    shared = { vocab, bytes, table: zipfTable(vocab.length, ZIPF_EXPONENT) };
  }
  return shared;
}

/** COPY text written straight into bytes: string building per word kept the garbage collector busier than the rest. */
class Bytes {
  buf: Buffer;
  at = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }
  bytes(b: Uint8Array) {
    for (let i = 0; i < b.length; i++) this.buf[this.at++] = b[i];
  }
  /** Capitalised, as in a product name. */
  capital(b: Uint8Array) {
    this.buf[this.at++] = b[0] - 32;
    for (let i = 1; i < b.length; i++) this.buf[this.at++] = b[i];
  }
  text(s: string) {
    this.at += this.buf.write(s, this.at, 'latin1');
  }
}

/** Longest row: 34 + 14 + 3 words of ≤ 12 letters and the fixed columns. */
const MAX_ROW = 1200;

/**
 * The lexemes PostgreSQL makes of each vocabulary word and of "teams" (the headline's last word), as
 * ids into `lexemes`: `of[rank]` for vocabulary rank `rank` (-1 for a stop word), `teams` for "teams".
 * Read once from to_tsvector (fill.ts), so the counts made here are those of the search vectors.
 */
export type StemTable = { of: Int32Array; teams: number; lexemes: string[] };

/** The words whose lexemes a StemTable holds, in its order: the vocabulary, then "teams". */
export const stemmedWords = () => [...vocabulary(), 'teams'];

/**
 * COPY text (the columns of `LISTING_COPY_COLUMNS`) for fill numbers `from`..`to`, ids `firstId`...
 * `words` counts, per dictionary candidate word, the listings whose name, headline or summary hold it.
 * `lexemes` counts, per lexeme id of `stems`, the listings whose headline, summary or description hold
 * it, and `categoryLexemes` the same per category. The name's own lexemes (the compound word and the
 * number) are not counted here: fill.ts reads them back from the search vectors.
 */
export function listingRows(opts: {
  from: number;
  to: number;
  firstId: number;
  siteId: number;
  now: number;
  /** Category ids, the most used first. */
  categories: number[];
  stems: StemTable;
}) {
  const { vocab, bytes, table } = words();
  const rand = prng(opts.from);
  // Categories from their own sequence, so the listings' other columns are what they were before.
  const randCategory = prng(opts.from ^ 0x5bd1e995);
  const cats = opts.categories;
  const categoryOut = new Bytes(rows(opts) * 2 * 32);
  const zipf = () => table[(rand() * SLOTS) | 0];
  const counts = new Int32Array(vocab.length);
  const seenIn = new Int32Array(vocab.length).fill(-1);
  const names = new Map<string, number>();
  const stems = opts.stems;
  const lexemeCounts = new Int32Array(stems.lexemes.length);
  const categoryLexemes = new Map<number, Int32Array>();
  const lexemesOf = (category: number) => {
    let counts = categoryLexemes.get(category);
    if (!counts) categoryLexemes.set(category, (counts = new Int32Array(stems.lexemes.length)));
    return counts;
  };
  const lexemeIn = new Int32Array(stems.lexemes.length).fill(-1);
  const held: number[] = [];
  /** A lexeme (id) of this listing's headline, summary or description: kept once per listing. */
  const hold = (lexeme: number, n: number) => {
    if (lexeme >= 0 && lexemeIn[lexeme] !== n) {
      lexemeIn[lexeme] = n;
      held.push(lexeme);
    }
  };
  const out = new Bytes(rows(opts) * MAX_ROW);
  const categoryCounts = new Map<number, number>();
  /** A word of the name, headline or summary: counted once per listing for the dictionary. */
  const seen = (rank: number, n: number) => {
    if (seenIn[rank] !== n) {
      seenIn[rank] = n;
      counts[rank]++;
    }
    hold(stems.of[rank], n);
    out.bytes(bytes[rank]);
  };
  for (let n = opts.from; n <= opts.to; n++) {
    const id = opts.firstId + (n - opts.from);
    // A primary category (the first ones more often) and a second one for 40 %.
    const p = Math.floor(cats.length * Math.pow(randCategory(), 1.5));
    const primary = cats[p];
    const second = randCategory() < 0.4 && cats.length > 1 ? cats[(p + 1) % cats.length] : undefined;
    categoryOut.text(`${id}\t${primary}\tt\t0\n`);
    if (second !== undefined) categoryOut.text(`${id}\t${second}\tf\t1\n`);
    categoryCounts.set(primary, (categoryCounts.get(primary) ?? 0) + 1);
    if (second !== undefined) categoryCounts.set(second, (categoryCounts.get(second) ?? 0) + 1);
    const categoryIds =
      second === undefined ? `{${primary}}` : `{${Math.min(primary, second)},${Math.max(primary, second)}}`;
    const first = zipf();
    const other = (rand() * vocab.length) | 0;
    const name = vocab[first] + vocab[other];
    names.set(name, (names.get(name) ?? 0) + 1);
    out.text(`${id}\t${opts.siteId}\tfill-${n}\t`);
    out.capital(bytes[first]);
    out.capital(bytes[other]);
    out.text(` ${n}\thttps://fill-${n}.example.com\tThe `);
    seen(zipf(), n);
    out.text(' ');
    seen(zipf(), n);
    out.text(' for ');
    seen(zipf(), n);
    out.text(' teams\t');
    hold(stems.teams, n);
    seen(zipf(), n);
    for (let i = 12 + (n % 3); i > 1; i--) {
      out.buf[out.at++] = SPACE;
      seen(zipf(), n);
    }
    out.buf[out.at++] = TAB;
    for (let i = 30 + (n % 5); i > 0; i--) {
      const rank = zipf();
      hold(stems.of[rank], n);
      out.bytes(bytes[rank]);
      if (i > 1) out.buf[out.at++] = SPACE;
    }
    const primaryLexemes = lexemesOf(primary);
    const secondLexemes = second === undefined ? undefined : lexemesOf(second);
    for (const lexeme of held) {
      lexemeCounts[lexeme]++;
      primaryLexemes[lexeme]++;
      if (secondLexemes) secondLexemes[lexeme]++;
    }
    held.length = 0;
    const at = new Date(opts.now - Math.floor(rand() * 365 * DAY));
    const votes = Math.floor(Math.pow(rand(), 12) * MAX_VOTES);
    const iso = at.toISOString();
    out.text(
      `\tlive\t${n % 10 === 0 ? 'paid' : 'free'}\t${votes}\t${isoWeekOf(at)}\t${iso}\t${iso}\t${iso}\t${categoryIds}\n`,
    );
  }
  const wordCounts = new Map<string, number>([
    ['the', rows(opts)],
    ['for', rows(opts)],
    ['teams', rows(opts)],
  ]);
  counts.forEach((c, rank) => c && wordCounts.set(vocab[rank], (wordCounts.get(vocab[rank]) ?? 0) + c));
  for (const [w, c] of names) wordCounts.set(w, (wordCounts.get(w) ?? 0) + c);
  return {
    text: out.buf.subarray(0, out.at),
    /** COPY text of their listing_categories rows (`LISTING_CATEGORY_COPY_COLUMNS`). */
    categories: categoryOut.buf.subarray(0, categoryOut.at),
    words: wordCounts,
    lexemes: lexemeCounts,
    categoryLexemes,
    /** How many of these (live) listings each category holds, for category_live_counts. */
    categoryCounts,
  };
}

const rows = (opts: { from: number; to: number }) => opts.to - opts.from + 1;

const SPACE = 0x20;
const TAB = 0x09;

export const LISTING_COPY_COLUMNS =
  'id, site_id, slug, name, url, headline, summary, description, status, plan, votes_count, launch_week, launched_at, created_at, updated_at, category_ids';
export const LISTING_CATEGORY_COPY_COLUMNS = 'listing_id, category_id, is_primary, position';
