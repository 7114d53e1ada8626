// Which parts of a search statement ran: EXPLAIN ANALYZE of the statement searchQuery composes, with its
// values written in (EXPLAIN takes no parameters on PGlite's simple protocol).
import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { categoryIdsOf, searchQuery, searchValues, type SearchInput, type SearchLimits } from '@/lib/listings/search';

const dialect = new PgDialect();

/** The statement with its $n parameters written in as literals. */
function inline(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = values[Number(n) - 1];
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v)) return `'{${v.join(',')}}'`;
    return v == null ? 'null' : `'${String(v).replace(/'/g, "''")}'`;
  });
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** The line under `CTE <cte>` in the EXPLAIN ANALYZE of the statement for `input`: how that CTE ran. */
async function cteLine(db: DbOrTx, input: SearchInput, cte: string, limits: SearchLimits): Promise<string> {
  const categoryIds = input.category ? await categoryIdsOf(db, input.category) : [];
  const query = searchQuery(db, input, limits).toSQL();
  const values = fillPlaceholders(query.params, searchValues(input, limits, categoryIds));
  const text = dialect.sqlToQuery(sql.raw(`explain (analyze, costs off) ${query.sql}`)).sql;
  const plan = rowsOf<Record<string, string>>(await db.execute(sql.raw(inline(text, values))))
    .map((r) => Object.values(r)[0])
    .join('\n');
  const lines = plan.split('\n');
  const at = lines.findIndex((line) => line.trim() === `CTE ${cte}`);
  if (at < 0) throw new Error(`the statement has no CTE ${cte}`);
  return lines[at + 1];
}

/** Whether the statement for `input` ran the CTE `cte` (EXPLAIN ANALYZE says "never executed" of what did not run). */
export async function ranCte(db: DbOrTx, input: SearchInput, cte: string, limits: SearchLimits): Promise<boolean> {
  return !(await cteLine(db, input, cte, limits)).includes('never executed');
}

/** How many rows the CTE `cte` of the statement for `input` gave (0 when it never ran). */
export async function cteRows(db: DbOrTx, input: SearchInput, cte: string, limits: SearchLimits): Promise<number> {
  const line = await cteLine(db, input, cte, limits);
  return line.includes('never executed') ? 0 : Number(/rows=(\d+)/.exec(line)?.[1] ?? NaN);
}
