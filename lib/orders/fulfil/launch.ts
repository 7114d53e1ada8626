// Fulfils a paid `launch` line through the launch functions (lib/launches/schedule.ts): the listing
// becomes a paid launch, live at once or scheduled for the chosen week; a free-queue slot it held is
// released (its plan is no longer free); paid sections unlock with the paid plan
// (docs/decisions.md#fulfilment).
import { and, eq, ne, or } from 'drizzle-orm';
import { listings, orderLines, orders, LISTING_PLAN, LISTING_STATUS, type FulfilmentResult } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { scheduleLaunch } from '@/lib/launches/schedule';
import { publicBaseUrl } from '@/lib/site/site';
import { cancelOrder } from '../cancel';
import type { FulfilContext } from './types';
import { formatWeekName } from '@/lib/directory/format';

export async function fulfilLaunch(ctx: FulfilContext): Promise<FulfilmentResult> {
  const { line } = ctx;
  if (!line.listingId) return { summary: 'No listing on this line; nothing was launched.', delivered: false };
  const [before] = await ctx.db.select().from(listings).where(eq(listings.id, line.listingId));
  if (!before) return { summary: 'The listing no longer exists; nothing was launched.', delivered: false };
  const week = typeof line.options.launch_week === 'string' ? line.options.launch_week : null;
  let after;
  try {
    after = await scheduleLaunch(
      ctx.db,
      { now: ctx.now, baseUrl: publicBaseUrl() },
      { id: before.id },
      week ? { kind: 'paid', week } : { kind: 'now' },
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict')
      return {
        summary: `${before.name} could not be launched: ${err.message}`,
        delivered: false,
        listing_id: before.id,
      };
    throw err;
  }
  const wasFree = before.plan === LISTING_PLAN.free;
  const dropped = await cancelSectionOrders(ctx, before.id);
  const summary =
    before.status === LISTING_STATUS.live
      ? `${before.name} was already live; it is a paid launch now.`
      : after.status === LISTING_STATUS.live
        ? `${after.name} is live.`
        : `${after.name} is scheduled to launch in ${after.launchWeek ? formatWeekName(after.launchWeek) : 'its week'}.`;
  const released = wasFree
    ? ` Its free-queue slot${before.launchWeek ? ` in ${formatWeekName(before.launchWeek)}` : ''} was released.`
    : '';
  const cancelled = dropped.length
    ? ` The paid launch shows the milestones section, so ${dropped.length === 1 ? 'order' : 'orders'} ${dropped.join(', ')} for it ${dropped.length === 1 ? 'was' : 'were'} cancelled (nothing was charged).`
    : '';
  return {
    summary: summary + released + cancelled,
    delivered: true,
    listing_id: after.id,
    status: after.status,
    plan: after.plan,
    launch_week: after.launchWeek,
    launched_at: after.launchedAt?.toISOString() ?? null,
    released_free_week: wasFree ? before.launchWeek : null,
  };
}

/**
 * Pending orders that buy only the milestones section of this listing deliver nothing once its paid
 * launch shows the section: they are cancelled (their Pay button refused, yet get_order said pending).
 */
async function cancelSectionOrders(ctx: FulfilContext, listingId: number): Promise<string[]> {
  const pending = await ctx.db
    .selectDistinct({ number: orders.number, id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orderLines.listingId, listingId),
        eq(orderLines.productKey, 'unlock_milestones'),
      ),
    );
  const cancelled: string[] = [];
  for (const { number, id } of pending) {
    const others = await ctx.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.orderId, id),
          or(ne(orderLines.productKey, 'unlock_milestones'), ne(orderLines.listingId, listingId)),
        ),
      )
      .limit(1);
    if (others.length) continue; // it buys something else too (or another listing's section): its buyer decides
    await cancelOrder(ctx.db, number, ctx.now);
    cancelled.push(number);
  }
  return cancelled;
}
