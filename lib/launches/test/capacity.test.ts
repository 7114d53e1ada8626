// Capacity under concurrency: 40 listings choosing the free plan at once for a week with 20 slots
// fill exactly 20, and the other 20 get the next week. On PostgreSQL (DATABASE_URL) the 40
// transactions really run side by side on the pool's connections and meet at the queue lock; PGlite
// has one connection and runs them one after another, so there the test checks the same outcome.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, LISTING_STATUS } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { scheduleLaunch } from '../schedule';
import { queuePlace } from '../queue';
import { BASE, makeOwnedListing, newSite } from './helpers';

const handle = await useTestDatabase({ seed: true });
const { db } = handle;
const NOW = new Date('2032-06-09T12:00:00Z');
const W = isoWeekOf(NOW);

describe('free queue capacity', () => {
  it('40 concurrent free choices for 20 slots: exactly 20 in the first week, 20 in the next', async () => {
    const siteId = await newSite(db, { freeSlotsPerWeek: 20, freeLeadWeeks: 4 });
    const rows = await Promise.all(
      Array.from({ length: 40 }, () => makeOwnedListing(db, { siteId, ownerId: null, profile: 'none' })),
    );
    const spans: { start: number; end: number }[] = [];
    const results = await Promise.all(
      rows.map(async (l, i) => {
        const start = performance.now();
        // Each at a slightly different instant, as real requests are (queued_at orders the queue).
        const r = await scheduleLaunch(db, { now: new Date(NOW.getTime() + i), baseUrl: BASE }, l, { kind: 'free' });
        spans.push({ start, end: performance.now() });
        return r;
      }),
    );
    const byWeek = new Map<string, number>();
    for (const r of results) byWeek.set(r.launchWeek!, (byWeek.get(r.launchWeek!) ?? 0) + 1);
    expect(Object.fromEntries(byWeek)).toEqual({ [addWeeks(W, 4)]: 20, [addWeeks(W, 5)]: 20 });
    expect(results.every((r) => r.status === LISTING_STATUS.awaitingBadge && r.plan === 'free')).toBe(true);
    const [stored] = await db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.siteId, siteId), eq(listings.launchWeek, addWeeks(W, 4))));
    expect(stored.n).toBe(20);
    // Places 1..20 in each week, no two the same.
    const places = await Promise.all(results.map((r) => queuePlace(db, r)));
    for (const week of byWeek.keys()) {
      const inWeek = results.map((r, i) => [r, places[i]] as const).filter(([r]) => r.launchWeek === week);
      expect(inWeek.map(([, p]) => p).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    if (handle.kind === 'postgres') {
      // The calls overlapped in time: the lock, not the test, kept them apart.
      const overlapping = spans.filter((a) => spans.some((b) => b !== a && b.start < a.end && a.start < b.end));
      expect(overlapping.length).toBeGreaterThan(1);
    }
  });

  it('the lead weeks and slots come from the stored settings', async () => {
    const siteId = await newSite(db, { freeSlotsPerWeek: 1, freeLeadWeeks: 2 });
    const a = await makeOwnedListing(db, { siteId, ownerId: null, profile: 'none' });
    const b = await makeOwnedListing(db, { siteId, ownerId: null, profile: 'none' });
    const ctx = { now: NOW, baseUrl: BASE };
    expect((await scheduleLaunch(db, ctx, a, { kind: 'free' })).launchWeek).toBe(addWeeks(W, 2));
    expect((await scheduleLaunch(db, ctx, b, { kind: 'free' })).launchWeek).toBe(addWeeks(W, 3));
  });
});
