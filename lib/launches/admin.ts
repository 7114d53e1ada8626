// The site team's view of the launch queue (/admin/launches): each coming week with its free
// capacity and fill, the listings in it, and moving one launch to another week.
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, orderLines, orders, products, users, LISTING_STATUS } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { AppError, fieldError, notFound } from '@/lib/errors/app-error';
import { sendMail } from '@/lib/mail/send-mail';
import { mailLine } from '@/lib/mail/sanitize';
import { weekTaken } from '@/lib/orders/options';
import { addWeeks, isoWeekOf, isValidIsoWeek } from '@/lib/time/iso-week';
import { freeFill, lockLaunchQueue, QUEUED_STATUSES } from './queue';
import { getLaunchSettings } from './settings';
import type { LaunchCtx } from './schedule';

export type WeekOverview = {
  week: string;
  capacity: number;
  freeFilled: number;
  listings: { id: number; name: string; slug: string; status: string; plan: string; queuedAt: Date | null }[];
};

/** The current week and the `count` weeks after it, each with its queue (free launches first by queue order). */
export async function launchWeeks(db: DbOrTx, siteId: number, now: Date, count = 12): Promise<WeekOverview[]> {
  const current = isoWeekOf(now);
  const weeks = Array.from({ length: count + 1 }, (_, i) => addWeeks(current, i));
  const [settings, fill, rows] = await Promise.all([
    getLaunchSettings(db, siteId),
    freeFill(db, siteId, weeks),
    db
      .select({
        id: listings.id,
        name: listings.name,
        slug: listings.slug,
        status: listings.status,
        plan: listings.plan,
        queuedAt: listings.queuedAt,
        week: listings.launchWeek,
      })
      .from(listings)
      .where(
        and(
          eq(listings.siteId, siteId),
          inArray(listings.status, QUEUED_STATUSES),
          gte(listings.launchWeek, weeks[0]),
          lte(listings.launchWeek, weeks[weeks.length - 1]),
        ),
      ),
  ]);
  const order = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.plan.localeCompare(b.plan) || (a.queuedAt?.getTime() ?? 0) - (b.queuedAt?.getTime() ?? 0) || a.id - b.id;
  return weeks.map((week) => ({
    week,
    capacity: settings.freeSlotsPerWeek,
    freeFilled: fill.get(week) ?? 0,
    listings: rows
      .filter((r) => r.week === week)
      .sort(order)
      .map(({ week: _w, ...r }) => r),
  }));
}

/**
 * Moves a launch that has not happened yet to a later week (after the current one, which has
 * started). The site team may overfill a week on purpose; the page shows the fill. The owner is told.
 * A paid launch was bought for its week: it moves only with `paidConfirmed` (the form asks).
 */
export async function moveLaunch(
  db: DbOrTx,
  ctx: LaunchCtx,
  listingId: number,
  week: string,
  opts: { paidConfirmed?: boolean } = {},
) {
  if (!isValidIsoWeek(week)) throw fieldError('week', 'Choose a week.');
  if (week <= isoWeekOf(ctx.now)) throw fieldError('week', 'Choose a week that has not started yet.');
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
    if (!row) throw notFound('Listing');
    if (row.status !== LISTING_STATUS.awaitingBadge && row.status !== LISTING_STATUS.scheduled)
      throw new AppError('conflict', `${row.name} is ${row.status}; only a coming launch can move.`);
    if (row.launchWeek === week) return { row, changed: false };
    if (row.plan === 'paid' && !opts.paidConfirmed)
      throw fieldError(
        'confirm_paid',
        `${row.name} is a paid launch bought for ${row.launchWeek ? formatWeekName(row.launchWeek) : 'its week'}: confirm that the owner agreed to the move.`,
      );
    await lockLaunchQueue(tx, row.siteId);
    const [after] = await tx
      .update(listings)
      .set({ launchWeek: week, queuedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(listings.id, row.id))
      .returning();
    const [owner] = row.ownerId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, row.ownerId))
      : [];
    if (owner?.email) {
      const product = mailLine(row.name, 100);
      await sendMail(tx, {
        to: owner.email,
        kind: 'launch',
        subject: `${product} now launches in ${formatWeekName(week)}`,
        text: `The site team moved the launch of ${product} to ${formatWeekName(week)} (${formatWeekRange(week)}).\n\n${ctx.baseUrl}/account/listings/${row.id}`,
      });
    }
    if (row.plan === 'paid') {
      // The paid launch's order line holds its week's paid-launch capacity: it moves with the launch
      // (it held the old week, which stayed full, and the new week sold past its limit).
      await tx
        .update(orderLines)
        .set({ capacityWeek: week })
        .where(
          and(
            eq(orderLines.listingId, row.id),
            eq(orderLines.productKey, 'launch'),
            inArray(orderLines.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.status, 'paid'))),
          ),
        );
      const [launch] = await tx.select().from(products).where(eq(products.key, 'launch'));
      const fill = await weekTaken(tx, 'launch', week, ctx.now);
      const slots = launch?.weekCapacity ?? null;
      return { row: after, changed: true, over: slots !== null && fill > slots ? { fill, slots, plan: 'paid' } : null };
    }
    // A free launch moved into a full week overfills it (on purpose or not): the answer says so.
    const fill = (await freeFill(tx, row.siteId, [week])).get(week) ?? 0;
    const { freeSlotsPerWeek } = await getLaunchSettings(tx, row.siteId);
    const over = fill > freeSlotsPerWeek ? { fill, slots: freeSlotsPerWeek, plan: 'free' } : null;
    return { row: after, changed: true, over };
  });
  if (moved.changed) revalidatePublic(tags.home);
  return { ...moved.row, overCapacity: 'over' in moved ? moved.over : null };
}
