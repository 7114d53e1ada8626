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
    for (const index of ['listings_search_idx', 'listings_category_ids_idx']) {
      const [{ options, pages }] = await db
        .select({
          options: sql<string>`reloptions::text`,
          pages: sql<number>`gin_clean_pending_list(${index}::regclass)::int`.mapWith(Number),
        })
        .from(sql`pg_class`)
        .where(sql`relname = ${index}`);
      expect(options, index).toContain('fastupdate=off');
      expect(pages, `${index}: pages left in its pending list`).toBe(0);
    }
  });
});
