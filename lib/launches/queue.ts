// The free launch queue (docs/decisions.md#launches): each ISO week holds FREE_SLOTS_PER_WEEK free
// launches, in the order they took their place (queued_at). Whoever changes a week's free queue
// holds the site's queue lock for the rest of its transaction, so capacity holds under concurrency.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_PLAN, LISTING_STATUS, type ListingStatus } from '@/db/schema';
import { addWeeks } from '@/lib/time/iso-week';

/** A free listing in these states holds its week's slot. */
export const QUEUED_STATUSES: ListingStatus[] = [
  LISTING_STATUS.awaitingBadge,
  LISTING_STATUS.scheduled,
  LISTING_STATUS.live,
];

/** First key of the two-key advisory lock: "laun". The second key is the site id. */
const QUEUE_LOCK = 0x6c61756e;
/** How far ahead the queue looks for a free week before giving up (ten years). */
const MAX_WEEKS_AHEAD = 520;

/**
 * Takes the site's queue lock until the transaction ends (pg_advisory_xact_lock). Callers lock the
 * listing row first and the queue second, always in that order, so two writers cannot deadlock.
 */
export async function lockLaunchQueue(tx: DbOrTx, siteId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK}::int, ${siteId}::int)`);
}

const holdsSlot = (siteId: number) =>
  and(eq(listings.siteId, siteId), eq(listings.plan, LISTING_PLAN.free), inArray(listings.status, QUEUED_STATUSES));

/** Free slots taken in each of `weeks` (weeks with none are missing from the map). */
export async function freeFill(db: DbOrTx, siteId: number, weeks: string[]): Promise<Map<string, number>> {
  if (weeks.length === 0) return new Map();
  const rows = await db
    .select({ week: listings.launchWeek, n: count() })
    .from(listings)
    .where(and(holdsSlot(siteId), inArray(listings.launchWeek, weeks)))
    .groupBy(listings.launchWeek);
  return new Map(rows.map((r) => [r.week!, r.n]));
}

/** The first week from `from` on with fewer than `slots` free launches (call it holding the queue lock). */
export async function firstFreeWeek(db: DbOrTx, siteId: number, from: string, slots: number): Promise<string> {
  for (let offset = 0; offset < MAX_WEEKS_AHEAD; offset += 8) {
    const weeks = Array.from({ length: 8 }, (_, i) => addWeeks(from, offset + i));
    const fill = await freeFill(db, siteId, weeks);
    const free = weeks.find((w) => (fill.get(w) ?? 0) < slots);
    if (free) return free;
  }
  throw new Error(`No free launch week within ${MAX_WEEKS_AHEAD} weeks of ${from}.`);
}

/** The listing's place in its week's free queue (1-based), by queued_at then id. */
export async function queuePlace(
  db: DbOrTx,
  listing: { id: number; siteId: number; launchWeek: string | null; queuedAt: Date | null },
): Promise<number | null> {
  if (!listing.launchWeek) return null;
  // A listing queued before queued_at existed (the seed) counts as queued at the epoch.
  const mine = (listing.queuedAt ?? new Date(0)).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(
      and(
        holdsSlot(listing.siteId),
        eq(listings.launchWeek, listing.launchWeek),
        sql`(coalesce(${listings.queuedAt}, 'epoch'::timestamptz), ${listings.id}) < (${mine}::timestamptz, ${listing.id}::int)`,
      ),
    );
  return (row?.n ?? 0) + 1;
}
