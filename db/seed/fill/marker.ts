// What db:fill leaves on the database: a comment on the listings table saying it filled it, and,
// while it loads, the definitions of the indexes it dropped and the ids it reserved, so a run that
// died half-way can be undone by the next one (see recoverInterruptedFill in fill.ts).
import type { Sql } from 'postgres';

export type DroppedIndex = { table: string; name: string; definition: string };
export type FillMarker =
  { state: 'loading'; indexes: DroppedIndex[]; ids: [number, number] } | { state: 'done'; listings: number };

const PREFIX = 'db:fill ';

export async function readMarker(sql: Sql): Promise<FillMarker | null> {
  const [row] = await sql<{ c: string | null }[]>`select obj_description('listings'::regclass, 'pg_class') as c`;
  return row?.c?.startsWith(PREFIX) ? (JSON.parse(row.c.slice(PREFIX.length)) as FillMarker) : null;
}

export async function writeMarker(sql: Sql, marker: FillMarker): Promise<void> {
  const text = PREFIX + JSON.stringify(marker);
  await sql.unsafe(`comment on table listings is '${text.replace(/'/g, "''")}'`);
}

/** The tables whose plain (not constraint) indexes a fill drops before loading and rebuilds after. */
export const FILLED_TABLES = [
  'listings',
  'listing_categories',
  'votes',
  'follows',
  'search_words',
  'search_lexemes',
  'search_category_lexemes',
  'category_votes',
];

/** Plain indexes of the filled tables, with `pg_get_indexdef` to re-create them exactly. */
export async function plainIndexes(sql: Sql): Promise<DroppedIndex[]> {
  return sql<DroppedIndex[]>`
    select c.relname as "table", i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class c on c.oid = x.indrelid
    join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = current_schema() and c.relname = any(${FILLED_TABLES})
      and not exists (select 1 from pg_constraint k where k.conindid = i.oid)
    order by c.relname, i.relname`;
}

/** The indexes among `wanted` that are missing now. */
export async function missingIndexes(sql: Sql, wanted: DroppedIndex[]): Promise<DroppedIndex[]> {
  const present = new Set((await plainIndexes(sql)).map((i) => i.name));
  return wanted.filter((i) => !present.has(i.name));
}
