// The site team refunds a paid order through the provider that took the payment (Stripe: the
// payment intent; test mode: recorded only). The refund is kept as a payment event (who, when,
// how much). What was delivered stays (a launch stays launched: the team can archive the listing);
// what is still to come does not: featured places in weeks not started yet are taken back.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { categories, featuredPlacements, orderLines, orders, paymentEvents } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { isoWeekOf } from '@/lib/time/iso-week';
import { AppError } from '@/lib/errors/app-error';
import { refundStripe } from '@/lib/payments/stripe';
import { releaseHold } from './promo';
import { sendRefundNotice } from './refund-mail';

/** `reason`: a sentence for the buyer's mail when the refund is not the site team's (e.g. outbid). */
export async function refundOrder(
  db: Db,
  input: { number: string; actorId: string | null; now: Date; reason?: string },
): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.number, input.number));
  if (!order) throw new AppError('not_found', 'Order not found.');
  if (order.status !== 'paid')
    throw new AppError('conflict', `Only a paid order can be refunded (this one is ${order.status}).`);
  let ref: string;
  if (order.provider === 'stripe') {
    if (!order.paymentRef) throw new AppError('conflict', 'Stripe has not told us the payment of this order.');
    ref = await refundStripe(order.paymentRef, order.totalCents, `refund:${order.number}`);
  } else {
    ref = `test_refund_${randomBytes(8).toString('hex')}`;
  }
  let taken: { categoryId: number }[] = [];
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: input.now, updatedAt: input.now })
      .where(eq(orders.id, order.id));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const l of lines)
      await tx
        .update(orderLines)
        .set({ refundedCents: l.amountCents, refundedAt: input.now })
        .where(eq(orderLines.id, l.id));
    await releaseHold(tx, order.id);
    // Featured places of weeks not started yet are not delivered yet: a refund takes them back.
    if (lines.length)
      taken = await tx
        .delete(featuredPlacements)
        .where(
          and(
            inArray(
              featuredPlacements.orderLineId,
              lines.map((l) => l.id),
            ),
            gt(featuredPlacements.week, isoWeekOf(input.now)),
          ),
        )
        .returning({ categoryId: featuredPlacements.categoryId });
    await tx
      .insert(paymentEvents)
      .values({
        provider: order.provider ?? 'test',
        eventId: `refund:${order.number}`,
        type: 'refund',
        orderNumber: order.number,
        payload: { refund: ref, amount_cents: order.totalCents, actor_id: input.actorId },
        processedAt: input.now,
        outcome: 'refunded',
      })
      .onConflictDoNothing();
  });
  if (taken.length) {
    const ids = [...new Set(taken.map((t) => t.categoryId))];
    const slugs = await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.id, ids));
    revalidatePublic(...slugs.map((c) => tags.category(c.slug)), tags.listings);
  }
  await sendRefundNotice(db, order.number, input.reason ?? null, taken.length);
}
