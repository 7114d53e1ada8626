// The GIN indexes on listings take a vote's keys straight in (migration 0014, fastupdate off): a vote
// is a non-HOT update that re-inserts every lexeme of the listing, and a pending list of them was
// read through by every search until a vacuum flushed it. The index holds each listing's votes tier
// (migration 0023), alone and in each of its categories (migration 0026).
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

  it("holds each listing's votes tier, non-decreasing in the votes (a floor reads the tiers at and above its own)", async () => {
    const votes = [0, 1, 2, 3, 7, 8, 31, 32, 33, 100, 1000, 65_535, 1_000_000, 2_147_483_647];
    const rows = await db.execute(
      sql`select v, votes_tier(v) as t from unnest(${sql.raw(`array[${votes.join(',')}]`)}::int[]) v order by v`,
    );
    const tiers = (Array.isArray(rows) ? rows : (rows as { rows: { t: number }[] }).rows).map((r) => Number(r.t));
    expect(tiers[0]).toBe(0);
    for (let i = 1; i < tiers.length; i++) expect(tiers[i], `votes ${votes[i]}`).toBeGreaterThanOrEqual(tiers[i - 1]);
    expect(tiers[1]).toBeGreaterThan(0); // one vote is above none
    expect(tiers.at(-1)).toBeLessThanOrEqual(124); // about four a doubling
    const [nothing] = await db
      .execute(sql`select votes_tier(null) as t`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { t: number }[] }).rows));
    expect(Number(nothing.t)).toBe(0);
  });

  it("keys each listing's votes tier alone and in each of its categories, apart (a tier is below 128)", async () => {
    const rows = await db.execute(
      sql`select votes_tier_keys(votes_tier(1000), array[3, 7]) as k, votes_tier(1000) as t, votes_tier_keys(votes_tier(5), '{}') as none`,
    );
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      k: number[];
      t: number;
      none: number[];
    }[];
    const t = Number(row.t);
    expect(row.k.map(Number)).toEqual([t, 3 * 128 + t, 7 * 128 + t]);
    expect(row.none.map(Number)).toHaveLength(1);
  });
});
