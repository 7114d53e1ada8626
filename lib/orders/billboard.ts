// The home-page billboard (the billboard product): each ISO week goes to the highest paid bid at or
// above the product's price (ties: the earlier payment). When the week starts its winner is fixed:
// the winning line is delivered, every other bid for that week is refunded through the provider
// (bids paid after the week started lose too: the winner is not changed once fixed).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { cachedRead } from '@/lib/cache/cached-read';
import { listings, orderLines, orders, LISTING_STATUS } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';
import { isoWeekOf, weekStart } from '@/lib/time/iso-week';
import { usd } from './money';
import { refundOrder } from './refund';
import { siteNow } from '@/lib/time/clock';

const bids = (week: string) =>
  and(eq(orderLines.productKey, 'billboard'), eq(orderLines.capacityWeek, week), eq(orders.status, 'paid'));

/** The week's billboard: its fixed winner, else the highest paid bid so far; only a live listing shows. */
export async function billboardFor(db: DbOrTx, week: string): Promise<(SummaryRow & { bidCents: number }) | null> {
  const [row] = await db
    .select({ ...summaryColumns, bidCents: orderLines.amountCents })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(listings, eq(listings.id, orderLines.listingId))
    .where(and(bids(week), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(
      sql`${orderLines.fulfilledAt} is null`,
      desc(orderLines.amountCents),
      asc(orders.paidAt),
      asc(orderLines.id),
    )
    .limit(1);
  return row ?? null;
}

export function cachedBillboard(now = siteNow()) {
  const week = isoWeekOf(now);
  return cachedRead(['billboard', week], [tags.all, tags.home], (db) => billboardFor(db, week));
}

/** Fixes the winner of every week that has started and refunds the other bids. Idempotent. */
export async function settleBillboards(db: Db, now: Date): Promise<{ won: number; refunded: number }> {
  const open = await db
    .selectDistinct({ week: orderLines.capacityWeek })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productKey, 'billboard'), eq(orders.status, 'paid'), isNull(orderLines.fulfilledAt)));
  let won = 0;
  for (const { week } of open) {
    const start = week ? weekStart(week) : null;
    if (!week || !start || start > now) continue;
    won += await db.transaction(async (tx) => {
      const lines = await tx
        .select({
          id: orderLines.id,
          amountCents: orderLines.amountCents,
          fulfilledAt: orderLines.fulfilledAt,
          paidAt: orders.paidAt,
          fulfilment: orderLines.fulfilment,
          live: sql<boolean>`${listings.status} = ${LISTING_STATUS.live}`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .leftJoin(listings, eq(listings.id, orderLines.listingId))
        .where(bids(week))
        .orderBy(desc(orderLines.amountCents), asc(orders.paidAt), asc(orderLines.id))
        .for('update', { of: orderLines });
      const fixed = lines.find((l) => l.fulfilledAt);
      // A bid of a listing taken off the site (rejected, archived) cannot be shown: it loses.
      const winner = fixed ?? lines.find((l) => l.live);
      let newlyWon = 0;
      for (const l of lines) {
        if (l.fulfilledAt || l.fulfilment?.outbid) continue;
        const result =
          l.id === winner?.id
            ? {
                summary: `Won the billboard for ${week} with ${usd(l.amountCents)}: on the home page all week.`,
                delivered: true,
                won: true,
                week,
              }
            : { summary: `Outbid for ${week}; the bid is refunded.`, delivered: false, outbid: true, week };
        await tx
          .update(orderLines)
          .set({ fulfilledAt: l.id === winner?.id ? now : null, fulfilment: result })
          .where(eq(orderLines.id, l.id));
        if (l.id === winner?.id) newlyWon++;
      }
      return newlyWon;
    });
  }
  // Refunds go to the provider outside the transaction; an outbid bid whose order is still paid
  // (a crash, a provider error) is refunded on the next run.
  const losers = await db
    .select({ number: orders.number, week: sql<string | null>`${orderLines.fulfilment}->>'week'` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productKey, 'billboard'),
        eq(orders.status, 'paid'),
        sql`(${orderLines.fulfilment}->>'outbid')::boolean is true`,
      ),
    );
  let refunded = 0;
  for (const { number, week } of losers) {
    try {
      const reason = `Another founder bid more for the home page billboard${week ? ` of ${week}` : ''}: an outbid bid is refunded in full.`;
      await refundOrder(db, { number, actorId: null, now, reason });
      refunded++;
    } catch (err) {
      console.error(`[billboard] refund of ${number} failed; retried on the next run:`, err);
    }
  }
  if (won || refunded) revalidatePublic(tags.home);
  return { won, refunded };
}
