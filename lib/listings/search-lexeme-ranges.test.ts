// The lexemes a word being typed begins are read with their counts from an index alone (migration 0024):
// search_plan reads that range for every search with words, and at a million listings a word begins
// thousands of lexemes (product names), each on a page of its own in the table.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const [category] = await db.select({ id: categories.id }).from(categories).limit(1);

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** The plan of reading search_lexeme_counts' range for `prefix` (as search_plan does), when the tables' scans are out of the question. */
async function rangePlan(cat: number | null, prefix: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const plan = await tx.execute(
      sql.raw(`explain select s.lexeme, s.listings, sum(s.listings) over ()
        from search_lexeme_counts(${cat ?? 'null'}::int, '${prefix}', '${prefix}' || chr(1114111)) s
        order by s.listings desc limit 1`),
    );
    return rowsOf<Record<string, string>>(plan)
      .map((r) => Object.values(r)[0])
      .join('\n');
  });
}

// A vacuum marks the pages all-visible, as a filled or long-running database's are.
await db.execute(sql`vacuum analyze search_lexemes, search_category_lexemes`);

describe('the lexemes a word being typed begins', () => {
  it('are read with their counts from the index alone, in all listings and in one category', async () => {
    const all = await rangePlan(null, 'ledg');
    expect(all).toContain('Index Only Scan using search_lexemes_prefix_idx');
    const inCategory = await rangePlan(category.id, 'ledg');
    expect(inCategory).toContain('Index Only Scan using search_category_lexemes_prefix_idx');
    expect(inCategory).not.toContain('on search_lexemes ');
  });
});
