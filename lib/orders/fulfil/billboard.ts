// A paid `billboard` line is a bid: it is recorded now and decided when its week starts
// (lib/orders/billboard.ts settleBillboards): the highest bid is shown on the home page that week,
// the others are refunded. The founder whose bid led until now is told they were outbid.
import { and, eq, ne } from 'drizzle-orm';
import type { FulfilmentResult } from '@/db/schema';
import { orderLines, orders } from '@/db/schema';
import { sendMail } from '@/lib/mail/send-mail';
import { mailLine } from '@/lib/mail/sanitize';
import { publicBaseUrl } from '@/lib/site/site';
import { buyerEmail } from '../buyer-email';
import { usd } from '../money';
import type { FulfilContext } from './types';
import { formatWeekName } from '@/lib/directory/format';

export async function fulfilBillboardBid(ctx: FulfilContext): Promise<FulfilmentResult> {
  const week = String(ctx.line.options.week ?? ctx.line.capacityWeek);
  await tellOutbid(ctx, week);
  return {
    summary: `Bid of ${usd(ctx.line.amountCents)} placed for ${formatWeekName(week)}; the highest bid wins when the week starts, the others are refunded.`,
    pending: true,
    week,
    bid_cents: ctx.line.amountCents,
  };
}

/** Mails the owner of the bid that led until this one was paid (another account's, lower). */
async function tellOutbid(ctx: FulfilContext, week: string) {
  const others = await ctx.db
    .select({ listingId: orderLines.listingId, ownerId: orders.ownerId, amountCents: orderLines.amountCents })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productKey, 'billboard'),
        eq(orderLines.capacityWeek, week),
        eq(orders.status, 'paid'),
        ne(orderLines.id, ctx.line.id),
      ),
    );
  // The bid that led until this one was paid: its owner is told once (the lower ones were outbid already).
  const led = others.sort((a, b) => b.amountCents - a.amountCents)[0];
  if (!led?.listingId || led.ownerId === ctx.order.ownerId || led.amountCents >= ctx.line.amountCents) return;
  const to = await buyerEmail(ctx.db, led.ownerId);
  if (!to) return;
  await sendMail(ctx.db, {
    to,
    kind: 'notification',
    subject: `You were outbid for the billboard of ${week}`,
    text: [
      `Another founder bid ${usd(ctx.line.amountCents)} for the home page billboard of ${mailLine(week, 20)}, more than your ${usd(led.amountCents)}.`,
      'Bid again above it from your listing page before the week starts; if you do not, your bid is refunded in full when the week starts.',
      `${publicBaseUrl()}/account/listings/${led.listingId}`,
    ].join('\n\n'),
  });
}
