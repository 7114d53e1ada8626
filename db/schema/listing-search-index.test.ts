// The GIN indexes on listings take a vote's keys straight in (migration 0014, fastupdate off): a vote
// is a non-HOT update that re-inserts every lexeme of the listing, and a pending list of them was
// read through by every search until a vacuum flushed it.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();

describe('the GIN indexes of listings', () => {
  it('keep no pending list after votes change the rows', async () => {
    const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
    const slug = `gin-${Math.random().toString(36).slice(2, 10)}`;
    const [row] = await db
      .insert(listings)
      .values({
        siteId: site.id,
        slug,
        name: 'Pending Ledger',
        headline: 'Invoices and receipts for freelancers',
        url: 'https://example.org',
        status: 'live',
      })
      .returning({ id: listings.id });
    for (let i = 1; i <= 20; i++) await db.update(listings).set({ votesCount: i }).where(eq(listings.id, row.id)); // as votes do
    const gin = await db
      .select({ name: sql<string>`i.relname` })
      .from(sql`pg_index x join pg_class i on i.oid = x.indexrelid join pg_am a on a.oid = i.relam`)
      .where(sql`x.indrelid = 'listings'::regclass and a.amname = 'gin'`);
    // One index over the words and the category ids (migration 0017).
    expect(gin.map((g) => g.name)).toEqual(['listings_search_idx']);
    for (const index of gin.map((g) => g.name)) {
      const [{ options, pages }] = await db
        .select({
          options: sql<string>`reloptions::text`,
          pages: sql<number>`gin_clean_pending_list(${index}::regclass)::int`.mapWith(Number),
        })
        .from(sql`pg_class`)
        .where(sql`relname = ${index}`);
      expect(options, index).toMatch(/fastupdate=(off|false)/);
      expect(pages, `${index}: pages left in its pending list`).toBe(0);
    }
  });
});
