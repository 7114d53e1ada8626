// Where a listing's billboard bids stand, for its owner: per week from this one on, the highest paid
// bid so far and whether each of the listing's bids leads, was outbid (refunded when the week
// starts), won, or was refunded. The order is the one settleBillboards fixes the winner by.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, orderLines, orders, LISTING_STATUS } from '@/db/schema';

export type BidStanding = {
  week: string;
  order: string;
  bidCents: number;
  state: 'leading' | 'outbid' | 'won' | 'refunded';
  /** The highest paid bid of the week (the fixed winner's once the week started). */
  highestCents: number;
};

type Bid = {
  id: number;
  listingId: number | null;
  week: string;
  order: string;
  status: string;
  amountCents: number;
  paidAt: Date | null;
  fulfilledAt: Date | null;
  /** The listing is live: a bid of a listing off the site cannot lead (it loses when the week starts). */
  live: boolean;
};

const ranks = (a: Bid, b: Bid) =>
  Number(a.fulfilledAt === null) - Number(b.fulfilledAt === null) ||
  b.amountCents - a.amountCents ||
  (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0) ||
  a.id - b.id;

/** The highest paid bid of each week in `weeks` (weeks without one are absent). */
export async function highestBids(db: DbOrTx, weeks: string[]): Promise<Map<string, number>> {
  const top = new Map<string, number>();
  if (!weeks.length) return top;
  for (const b of await bidsOf(db, inArray(orderLines.capacityWeek, weeks)))
    if (b.status === 'paid' && b.live && !top.has(b.week)) top.set(b.week, b.amountCents);
  return top;
}

export async function billboardStanding(db: DbOrTx, listingId: number, fromWeek: string): Promise<BidStanding[]> {
  const all = await bidsOf(db, gte(orderLines.capacityWeek, fromWeek));
  const mine = all.filter((b) => b.listingId === listingId && (b.status === 'paid' || b.status === 'refunded'));
  return mine.map((b) => {
    const winner = all.find((x) => x.week === b.week && x.status === 'paid' && (x.live || x.fulfilledAt));
    const state =
      b.status === 'refunded' ? 'refunded' : winner?.id !== b.id ? 'outbid' : b.fulfilledAt ? 'won' : 'leading';
    return { week: b.week, order: b.order, bidCents: b.amountCents, state, highestCents: winner?.amountCents ?? 0 };
  });
}

/** Paid and refunded billboard bids matching `where`, best first within each week. */
async function bidsOf(db: DbOrTx, where: ReturnType<typeof gte>): Promise<Bid[]> {
  const rows = await db
    .select({
      id: orderLines.id,
      listingId: orderLines.listingId,
      week: orderLines.capacityWeek,
      order: orders.number,
      status: orders.status,
      amountCents: orderLines.amountCents,
      paidAt: orders.paidAt,
      fulfilledAt: orderLines.fulfilledAt,
      live: sql<boolean>`coalesce(${listings.status} = ${LISTING_STATUS.live}, false)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(listings, eq(listings.id, orderLines.listingId))
    .where(and(eq(orderLines.productKey, 'billboard'), inArray(orders.status, ['paid', 'refunded']), where));
  return rows
    .flatMap((r) => (r.week === null ? [] : [{ ...r, week: r.week }]))
    .sort((a, b) => a.week.localeCompare(b.week) || ranks(a, b));
}
