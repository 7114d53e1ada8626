// A product name written as one word or as two: "chat widget" for Chatwidget, "lingoloop" for Lingo
// Loop. PostgreSQL's parser keeps a name's spelling, so the search for the other spelling found
// nothing, and spelling correction (one or two edits) does not add or remove a space. Tried only when
// the words as typed found nothing (searchListings): joined before spelling correction, split after it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/** Two or three plain words written together ("chat widget" → "chatwidget"), or null. */
export function wordsTogether(q: string): string | null {
  const words = q.trim().split(/\s+/);
  const plain = (w: string) => /^[\p{L}\p{N}]+$/u.test(w) && w.toLowerCase() !== 'or'; // "or" joins alternatives
  if (words.length < 2 || words.length > 3 || !words.every(plain)) return null;
  return words.join('').toLowerCase();
}

type Found = { word: string; listings: number };

/** Shortest part of a split word: shorter parts ("a", "to") are stop words or noise. */
const MIN_PART = 3;

/**
 * One word of 6 to 40 letters split in two where both parts are words of the dictionary
 * (search_words: the words the live listings hold), the split whose rarer part is in the most
 * listings; null when no split is. One round trip.
 */
export async function wordApart(db: DbOrTx, q: string): Promise<string | null> {
  const word = q.trim().toLowerCase();
  if (!/^\p{L}{6,40}$/u.test(word)) return null;
  const splits = Array.from({ length: word.length - 2 * MIN_PART + 1 }, (_, i) => i + MIN_PART);
  const parts = [...new Set(splits.flatMap((at) => [word.slice(0, at), word.slice(at)]))];
  // Each part looked up as a range on the primary key, as spelling correction does (search-correction.ts:
  // the planner would answer `=` from the trigram index, in seconds at a million listings).
  const result =
    (await db.execute(sql`select s.word, s.listings from unnest(string_to_array(${parts.join(' ')}::text, ' ')) p(word)
      cross join lateral (select s.word, s.listings from search_words s
        where s.word >= p.word and s.word <= p.word order by s.word limit 1) s`)) as unknown as
      Found[] | { rows: Found[] };
  const rows = Array.isArray(result) ? result : result.rows;
  const known = new Map(rows.map((r) => [r.word, Number(r.listings)]));
  let best: { text: string; listings: number } | null = null;
  for (const at of splits) {
    const [a, b] = [word.slice(0, at), word.slice(at)];
    const listings = Math.min(known.get(a) ?? 0, known.get(b) ?? 0);
    if (listings > 0 && (!best || listings > best.listings)) best = { text: `${a} ${b}`, listings };
  }
  return best?.text ?? null;
}
