// Synthetic listing rows as COPY text, drawn from the vocabulary with a Zipf-like law, and the
// search dictionary's word counts for the rows made (name, headline and summary words, once per listing).
import { isoWeekOf } from '@/lib/time/iso-week';
import { vocabulary } from './words';

const DAY = 86_400_000;
/** Word rank r is drawn with probability ∝ 1 / r^ZIPF_EXPONENT. */
export const ZIPF_EXPONENT = 1.05;
/** Votes per listing: floor(u^12 × 60): 0 for about 70 % of listings, a few dozen for the top. */
const MAX_VOTES = 60;

/** Deterministic PRNG (mulberry32): the same fill numbers give the same listings. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inverse CDF of the continuous law x^-s on [1, n+1): rank floor(x) falls with probability ≈ 1/rank^s. */
function zipfSampler(words: string[], s: number, rand: () => number) {
  const n = words.length;
  const a = 1 - s;
  const top = Math.pow(n + 1, a);
  return () => {
    const x = Math.abs(a) < 1e-9 ? Math.pow(n + 1, rand()) : Math.pow(1 - rand() * (1 - top), 1 / a);
    return words[Math.min(n, Math.max(1, Math.floor(x))) - 1];
  };
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * COPY text (the columns of `LISTING_COPY_COLUMNS`) for fill numbers `from`..`to`, ids `firstId`...
 * `words` counts, per dictionary candidate word, the listings whose name, headline or summary hold it.
 */
export function listingRows(opts: { from: number; to: number; firstId: number; siteId: number; now: number }) {
  const vocab = vocabulary();
  const rand = prng(opts.from);
  const zipf = zipfSampler(vocab, ZIPF_EXPONENT, rand);
  const any = () => vocab[Math.floor(rand() * vocab.length)];
  const words = new Map<string, number>();
  const lines: string[] = [];
  for (let n = opts.from; n <= opts.to; n++) {
    const first = zipf();
    const second = any();
    const head = [zipf(), zipf(), zipf()];
    const summary = Array.from({ length: 12 + (n % 3) }, zipf);
    const description = Array.from({ length: 30 + (n % 5) }, zipf).join(' ');
    const at = new Date(opts.now - Math.floor(rand() * 365 * DAY));
    const votes = Math.floor(Math.pow(rand(), 12) * MAX_VOTES);
    const iso = at.toISOString();
    const id = opts.firstId + (n - opts.from);
    lines.push(
      [
        id,
        opts.siteId,
        `fill-${n}`,
        `${cap(first)}${cap(second)} ${n}`,
        `https://fill-${n}.example.com`,
        `The ${head[0]} ${head[1]} for ${head[2]} teams`,
        summary.join(' '),
        description,
        'live',
        n % 10 === 0 ? 'paid' : 'free',
        votes,
        isoWeekOf(at),
        iso,
        iso,
        iso,
      ].join('\t') + '\n',
    );
    for (const w of new Set([first + second, 'the', 'for', 'teams', ...head, ...summary]))
      words.set(w, (words.get(w) ?? 0) + 1);
  }
  return { text: lines.join(''), words };
}

export const LISTING_COPY_COLUMNS =
  'id, site_id, slug, name, url, headline, summary, description, status, plan, votes_count, launch_week, launched_at, created_at, updated_at';
