// db:fill's lexeme counts (search_lexemes, search_category_lexemes) of the listings it makes. The
// lexemes of the words drawn for headlines, summaries and descriptions are counted as the rows are made
// (rows.ts), from each vocabulary word's lexeme as to_tsvector makes it (stemTable, read once); only the
// names' lexemes are read back from the search vectors (nameOnlyLexemes). The undo of an interrupted fill
// recounts every listing from the vectors instead (mergeLexemes, addCategoryLexemes).
import type { Sql, TransactionSql } from 'postgres';
import { stemmedWords, type StemTable } from './rows';

/** How many listings made hold each lexeme of a StemTable in their headline, summary or description: in all and per category. */
export type MadeLexemes = { lexemes: Int32Array; categoryLexemes: Map<number, Int32Array> };

/** Adds a slice's counts (rows.ts) to the fill's. */
export function addLexemeCounts(made: MadeLexemes, slice: MadeLexemes) {
  addCounts(made.lexemes, slice.lexemes);
  for (const [id, counts] of slice.categoryLexemes) {
    const into = made.categoryLexemes.get(id);
    if (into) addCounts(into, counts);
    else made.categoryLexemes.set(id, counts);
  }
}

function addCounts(into: Int32Array, counts: Int32Array) {
  for (let i = 0; i < counts.length; i++) into[i] += counts[i];
}

/** The lexemes of the words rows.ts draws, as to_tsvector('english') makes them (a stop word has none). */
export async function stemTable(sql: Sql): Promise<StemTable> {
  const words = stemmedWords();
  const rows = await sql<{ lexemes: string[] }[]>`
    select tsvector_to_array(to_tsvector('english', w)) as lexemes
    from unnest(${words}::text[]) with ordinality as u(w, i) order by i`;
  const ids = new Map<string, number>();
  const of = new Int32Array(words.length).fill(-1);
  rows.forEach((r, rank) => {
    if (r.lexemes.length > 1) throw new Error(`"${words[rank]}" makes more than one lexeme: ${r.lexemes.join(', ')}`);
    const lexeme = r.lexemes[0];
    if (lexeme === undefined) return;
    if (!ids.has(lexeme)) ids.set(lexeme, ids.size);
    of[rank] = ids.get(lexeme)!;
  });
  return { of: of.subarray(0, words.length - 1), teams: of[words.length - 1], lexemes: [...ids.keys()] };
}

/**
 * Adds the live listings lo..hi and their search vectors' lexemes to search_lexemes, as its trigger would
 * (migration 0015), reading the vectors: the undo of an interrupted fill recounts every listing so.
 */
export function mergeLexemes(sql: Sql, lo: number, hi: number) {
  return sql`
    insert into search_lexemes as s (lexeme, listings)
    select word, ndoc from ts_stat(${`select search from listings where status = 'live' and id between ${lo} and ${hi}`})
    union all
    select '', count(*)::int from listings where status = 'live' and id between ${lo} and ${hi} having count(*) > 0
    on conflict (lexeme) do update set listings = s.listings + excluded.listings`;
}

/**
 * The lexemes of the made listings' names (weight A in their search vectors: the compound word and the
 * number) that the listing holds in no other field, with its categories: the others were counted
 * with the words of those fields (MadeLexemes). Only a lexeme of a drawn word can be in another field,
 * so only those are tested against the vector (`:BCD`: a position in the headline, summary or
 * description).
 */
export function nameOnlyLexemes(sql: Sql | TransactionSql, lo: number, hi: number, stems: StemTable) {
  return sql`
    select l.category_ids, x from listings l, unnest(tsvector_to_array(ts_filter(l.search, '{a}'))) x
    where l.status = 'live' and l.id between ${lo} and ${hi}
      and (x not in (select unnest(${stems.lexemes}::text[]))
        or not l.search @@ (quote_lexeme(x) || ':BCD')::tsquery)`;
}

/** Lexemes and counts of the non-zero entries of `counts` (indexed by lexeme id). */
function counted(counts: Int32Array, stems: StemTable): [string[], number[]] {
  const lexemes: string[] = [];
  const ns: number[] = [];
  counts.forEach((n, id) => {
    if (n === 0) return;
    lexemes.push(stems.lexemes[id]);
    ns.push(n);
  });
  return [lexemes, ns];
}

/**
 * Adds the made listings (ids lo..hi, `add` of them, all live) to search_lexemes and to their
 * categories' lexeme counts, as the tables' triggers would (migrations 0015 and 0020), in one statement
 * that reads the names' lexemes once. The categories' counts are rows of their own, the table's indexes
 * being dropped during a fill (mergeCategoryLexemeRows then sums a key that an earlier fill also counted).
 */
export function insertMadeLexemes(sql: Sql, lo: number, hi: number, add: number, made: MadeLexemes, stems: StemTable) {
  const [lexemes, ns] = counted(made.lexemes, stems);
  const byCategory: { cats: number[]; lexemes: string[]; ns: number[] } = { cats: [], lexemes: [], ns: [] };
  for (const [cat, counts] of made.categoryLexemes) {
    const [l, n] = counted(counts, stems);
    byCategory.cats.push(...l.map(() => cat));
    byCategory.lexemes.push(...l);
    byCategory.ns.push(...n);
  }
  return sql.begin(async (tx) => {
    await tx`set local work_mem = '256MB'`;
    await tx`
      with names as materialized (${nameOnlyLexemes(tx, lo, hi, stems)}),
      categories as (
        insert into search_category_lexemes (category_id, lexeme, listings)
        select k, x, sum(n)::int from (
          select k, x, count(*) as n from names m, unnest(m.category_ids) k group by k, x
          union all
          select * from unnest(${byCategory.cats}::int[], ${byCategory.lexemes}::text[], ${byCategory.ns}::int[])
        ) c group by k, x)
      insert into search_lexemes as s (lexeme, listings)
      select x, sum(n)::int from (
        select x, count(*) as n from names group by x
        union all
        select * from unnest(${lexemes}::text[], ${ns}::int[])
        union all
        select '', ${add}::int
      ) c group by x
      on conflict (lexeme) do update set listings = s.listings + excluded.listings`;
  });
}

/**
 * Adds the live listings lo..hi to their categories' lexeme counts, as their trigger would (migration
 * 0020), reading their search vectors: the undo of an interrupted fill recounts every listing so.
 */
export function addCategoryLexemes(sql: Sql, lo: number, hi: number) {
  return sql.begin(async (tx) => {
    await tx`set local work_mem = '256MB'`;
    await tx`
      insert into search_category_lexemes (category_id, lexeme, listings)
      select k, x, count(*)::int
      from listings l, unnest(l.category_ids) k, unnest(tsvector_to_array(l.search)) x
      where l.status = 'live' and l.id between ${lo} and ${hi}
      group by k, x`;
  });
}

/** Sums the rows of a (category, lexeme) counted by more than one fill into one. */
export async function mergeCategoryLexemeRows(sql: Sql) {
  await sql.begin(async (tx) => {
    await tx`set local work_mem = '256MB'`;
    await tx`
      with twice as (
        delete from search_category_lexemes s
        using (select category_id, lexeme from search_category_lexemes group by 1, 2 having count(*) > 1) d
        where s.category_id = d.category_id and s.lexeme = d.lexeme
        returning s.*)
      insert into search_category_lexemes (category_id, lexeme, listings)
      select category_id, lexeme, sum(listings)::int from twice group by 1, 2`;
  });
}
