// Spelling correction for searches that found nothing: each query word that matches no live listing (by
// the lexeme counts, search_lexemes) is replaced by the nearest word of the dictionary (`search_words`,
// kept by triggers on listings) within 1 edit for words of 4–7 letters and 2 from 8. The edit distance
// is counted here, between the spellings or between their English stems ("invioce" → "invoicing":
// invioc/invoic, one transposition). Candidates come first from the spellings one edit away (made here)
// and the words sharing a stem with one of them, looked up by equality in the btree indexes: one round
// trip, a few ms. Only a word left without an acceptable candidate that may be 2 edits off (8+ letters)
// or is still being typed (a prefix of a longer word: "ledgr" → "ledgerly") asks again for the nearest
// words by trigrams (search_near_words, migration 0030: those sharing enough trigrams, through a GIN
// index; a second round trip, 1–30 ms at a million listings).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories } from '@/db/schema';
import { memoPerHandle } from './handle-memo';
import {
  allowedEdits,
  applyCorrections,
  correctableWords,
  editDistance,
  nameWords,
  oneEditVariants,
  splitPrefix,
} from './search-text';

const CANDIDATES = 20;

type CandidateRow = {
  word: string;
  stem: string | null;
  hit: boolean;
  candidate: string | null;
  lexeme: string | null;
  listings: number | null;
};

/**
 * For each correctable word of `q`: whether it hits a live listing (the last word as a prefix, as the
 * search does) and, when it does not, the dictionary words one edit away, and those whose stem is the
 * stem of a spelling one edit away. Undefined when no word can change.
 * `searchMissed`: the search for q itself, in no category, found nothing; when q is one bare word, that
 * search asked exactly what the hit test asks (the same tsquery, live listings only), so the word misses
 * and only the stop-word test (no stem) is left to run.
 */
export function correctionSql(q: string, opts: { searchMissed?: boolean } = {}): SQL | undefined {
  const words = correctableWords(q);
  if (words.length === 0) return undefined;
  const prefix = splitPrefix(q).prefix ?? '';
  const values = sql.join(
    words.map((w) => sql`(${w}::text, ${oneEditVariants(w).join(' ')}::text)`),
    sql`, `,
  );
  // A word hits when some live listing's search vector holds its stem (the word being typed: a lexeme
  // that begins with it), as search_lexemes counts them exactly: what the search itself would match.
  const hit =
    opts.searchMissed && ONE_WORD.test(q)
      ? sql`t.stem is null`
      : sql`(t.stem is null
        or exists (select 1 from search_lexemes s where s.lexeme = t.stem)
        or (t.word = ${prefix} and exists (select 1 from search_lexemes s where s.lexeme ~>=~ t.stem and s.lexeme ~<~ (t.stem || chr(1114111)))))`;
  // The variants travel as one space-separated text (letters only), one parameter per word. A variant is
  // looked up as a range `>= and <=` ordered, limit 1, not as `=`: the trigram index answers `=` too (in
  // seconds), and the planner, seeing about equal costs, picks it; it cannot answer a range, so the primary
  // key does (one descent each), and the limit keeps the estimate small (no JIT).
  return sql`with h as materialized (
      select t.word, t.stem, t.variants, ${hit} as hit
      from (select v.word, (ts_lexize('english_stem', v.word))[1] as stem, string_to_array(v.variants, ' ') as variants
        from (values ${values}) as v(word, variants)) t
    )
    select h.word, h.stem, h.hit, c.word as candidate, c.lexeme, c.listings
    from h left join lateral (
      (select s.word, s.lexeme, s.listings from unnest(h.variants) v(word) cross join lateral (
        select s.word, s.lexeme, s.listings from search_words s
        where s.word >= v.word and s.word <= v.word order by s.word limit 1) s where not h.hit)
      union
      (select s.word, s.lexeme, s.listings
        from (select distinct (ts_lexize('english_stem', x))[1] as stem from unnest(h.variants) x) v
        join search_words s on s.lexeme = v.stem where not h.hit)
    ) c on true`;
}

/** The nearest dictionary words by trigrams for words that missed (their hit test already done). */
function nearestWordsSql(missed: { word: string; stem: string | null }[]): SQL {
  const values = sql.join(
    missed.map((m) => sql`(${m.word}::text, ${m.stem}::text)`),
    sql`, `,
  );
  return sql`select h.word, h.stem, false as hit, c.word as candidate, c.lexeme, c.listings
    from (values ${values}) as h(word, stem) cross join lateral search_near_words(h.word, ${CANDIDATES}) c`;
}

/** A query of one bare word that correction may change (and the search completes as a prefix). */
const ONE_WORD = /^\p{L}{4,}$/u;

/**
 * Corrections made lately, per database handle: the same misspelling ("invioce") is typed by many
 * visitors, and its correction (a lookup of a few hundred spellings, 2–5 ms of the database) changes only
 * when the dictionary does. A correction kept a few minutes too long is still a word that some listing
 * holds (the search runs again with it and keeps it only if it finds something); a word that starts to
 * hit is searched as typed and never corrected. Measured at 1M, 4 at once in process: eight typos asked
 * over and over, p95 48–51 ms corrected every time, 32–36 ms remembered (their words alone: 29–34).
 */
const correctionsOf = memoPerHandle<{ corrected: string | undefined }>({ max: 10_000, ttl: 10 * 60_000 });

/** The corrected search text, or undefined when every word hits or no near word exists. */
export async function correctQuery(
  db: DbOrTx,
  q: string,
  opts: { searchMissed?: boolean } = {},
): Promise<string | undefined> {
  const memo = correctionsOf(db);
  const key = `${opts.searchMissed ? 'missed' : ''}\u0000${q}`;
  const known = memo.get(key);
  if (known) return known.corrected;
  const corrected = await findCorrection(db, q, opts);
  memo.set(key, { corrected });
  return corrected;
}

async function findCorrection(db: DbOrTx, q: string, opts: { searchMissed?: boolean }): Promise<string | undefined> {
  const query = correctionSql(q, opts);
  if (!query) return undefined;
  const kept = await categoryWords(db);
  // A word of a category's name ("sales", "education") is a real word: it is not turned into another.
  const rows = (await candidateRows(db, query)).map((r) => (kept.has(r.word) ? { ...r, hit: true } : r));
  const prefix = splitPrefix(q).prefix;
  const chosen = bestCandidates(q, rows);
  const missed = new Map<string, string | null>();
  for (const r of rows)
    if (!r.hit && !chosen.has(r.word) && (allowedEdits(r.word) >= 2 || r.word === prefix)) missed.set(r.word, r.stem);
  if (missed.size > 0)
    rows.push(...(await candidateRows(db, nearestWordsSql([...missed].map(([word, stem]) => ({ word, stem }))))));
  return chooseCorrection(q, rows);
}

/** The words of the categories' names (lower case), remembered a few minutes: only the seed writes categories. */
async function categoryWords(db: DbOrTx): Promise<Set<string>> {
  const memo = categoryWordsMemo(db);
  const known = memo.get('');
  if (known) return known.words;
  const rows = await db.select({ name: categories.name }).from(categories);
  const words = new Set(rows.flatMap((r) => nameWords(r.name)));
  memo.set('', { words });
  return words;
}
const categoryWordsMemo = memoPerHandle<{ words: Set<string> }>({ max: 1, ttl: 5 * 60_000 });

async function candidateRows(db: DbOrTx, query: SQL): Promise<CandidateRow[]> {
  const result = (await db.execute(query)) as unknown as CandidateRow[] | { rows: CandidateRow[] };
  return [...(Array.isArray(result) ? result : result.rows)];
}

type Scored = { word: string; edits: number; partial: boolean; spelling: number; listings: number };

/** Picks per word the candidate with the fewest edits, then a whole word over a completion, then the spelling nearest to what was typed, then the most used. */
export function chooseCorrection(q: string, rows: CandidateRow[]): string | undefined {
  const best = bestCandidates(q, rows);
  if (best.size === 0) return undefined;
  const corrected = applyCorrections(q, new Map([...best].map(([w, s]) => [w, s.word])));
  return corrected === q ? undefined : corrected;
}

/** The best acceptable candidate of each word that has one. */
function bestCandidates(q: string, rows: CandidateRow[]): Map<string, Scored> {
  const prefix = splitPrefix(q).prefix;
  const best = new Map<string, Scored>();
  for (const r of rows) {
    if (r.hit || !r.candidate || r.candidate === r.word) continue;
    const allowed = allowedEdits(r.word);
    const spelling = editDistance(r.word, r.candidate);
    let edits = Math.min(spelling, r.stem && r.lexeme ? editDistance(r.stem, r.lexeme) : Infinity);
    let partial = false;
    if (r.word === prefix && edits > allowed) {
      // Still typing: the word may be the start of a longer one ("ledgr" → "ledgerly").
      const n = [...r.word].length;
      const typedPart = Math.min(
        ...[n, n + 1].map((k) =>
          [...r.candidate!].length > k ? editDistance(r.word, [...r.candidate!].slice(0, k).join('')) : Infinity,
        ),
      );
      if (typedPart <= allowed) [edits, partial] = [typedPart, true];
    }
    if (edits > allowed) continue;
    // Stems are cut words, so two unrelated ones can be an edit apart ("educ"/"reduc", "blog"/"log"): a
    // word near only by its stem keeps its first letter, which a typo rarely changes.
    if (!partial && spelling > allowed && r.candidate[0] !== r.word[0]) continue;
    const s: Scored = { word: r.candidate, edits, partial, spelling, listings: Number(r.listings ?? 0) };
    const cur = best.get(r.word);
    if (!cur || better(s, cur)) best.set(r.word, s);
  }
  return best;
}

function better(a: Scored, b: Scored): boolean {
  if (a.edits !== b.edits) return a.edits < b.edits;
  if (a.partial !== b.partial) return !a.partial;
  if (a.spelling !== b.spelling) return a.spelling < b.spelling;
  if (a.listings !== b.listings) return a.listings > b.listings;
  return a.word < b.word;
}
