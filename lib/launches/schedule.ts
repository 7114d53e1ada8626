// The two launch functions (docs/decisions.md#launches): scheduleLaunch puts a listing in a launch
// week (the free queue, a paid week, or now) and goLive makes it public. The free plan, the
// week-start job, the site team and order fulfilment all go through these two.
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  founderProfiles,
  launchNotices,
  listingFounders,
  listings,
  users,
  LISTING_PLAN,
  LISTING_STATUS,
} from '@/db/schema';
import { listingTags, revalidatePublic, tags } from '@/lib/cache/tags';
import { AppError, fieldError, notFound } from '@/lib/errors/app-error';
import { sendJob } from '@/lib/jobs/send';
import { sendMail } from '@/lib/mail/send-mail';
import type { ListingRow } from '@/lib/owner-listings/access';
import { addWeeks, isoWeekOf, isValidIsoWeek } from '@/lib/time/iso-week';
import { badgeVerified } from './gates';
import { liveMail } from './mails';
import { founderProfileGate } from './profile-gate';
import { firstFreeWeek, lockLaunchQueue, QUEUED_STATUSES } from './queue';
import { getLaunchSettings } from './settings';

/** What the launch functions need of the context: the time and the site's origin (links in mails). */
export type LaunchCtx = { now: Date; baseUrl: string };
export type LaunchPlan = { kind: 'free' } | { kind: 'paid'; week: string } | { kind: 'now' };

/** Why a listing cannot take the free plan (409, with `reason`). */
export function freeConflict(l: Pick<ListingRow, 'status' | 'plan' | 'launchWeek'>): AppError {
  const refuse = (reason: string, detail: string) => new AppError('conflict', detail, { extra: { reason } });
  if (l.status === LISTING_STATUS.live) return refuse('already_live', 'The listing is already live.');
  if (l.status === LISTING_STATUS.rejected)
    return refuse('rejected', 'The site team rejected this listing; it cannot be launched.');
  if (l.status === LISTING_STATUS.archived)
    return refuse('archived', 'The listing is archived; it cannot be launched.');
  if (l.plan === LISTING_PLAN.paid)
    return refuse('paid_plan', `The listing has a paid launch${l.launchWeek ? ` in ${l.launchWeek}` : ''}.`);
  return refuse(
    'not_submitted',
    `Only a submitted listing (status draft) can take the free plan; this one is ${l.status}.`,
  );
}

async function lockListing(tx: DbOrTx, id: number): Promise<ListingRow> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  if (!row) throw notFound('Listing');
  return row;
}

/** The first week from `from` on with a free slot (the caller holds the queue lock). */
async function freeWeekFrom(tx: DbOrTx, siteId: number, from: string): Promise<string> {
  const settings = await getLaunchSettings(tx, siteId);
  return firstFreeWeek(tx, siteId, from, settings.freeSlotsPerWeek);
}

/** Who hears that the listing is live: the owner, then the co-founders who joined with their own account. */
async function teamEmails(tx: DbOrTx, row: ListingRow): Promise<string[]> {
  const [owners, cofounders] = await Promise.all([
    row.ownerId ? tx.select({ email: users.email }).from(users).where(eq(users.id, row.ownerId)) : [],
    tx
      .select({ email: users.email })
      .from(listingFounders)
      .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
      .innerJoin(users, eq(users.id, founderProfiles.userId))
      .where(eq(listingFounders.listingId, row.id))
      .orderBy(listingFounders.position),
  ]);
  const byAddress = new Map<string, string>();
  for (const { email } of [...owners, ...cofounders])
    if (email && !byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
  return [...byAddress.values()];
}

/** Live now, inside the caller's transaction: the row, the owner's mail and the followers' job, once. */
async function goLiveIn(tx: DbOrTx, ctx: LaunchCtx, row: ListingRow, plan = row.plan): Promise<ListingRow> {
  if (row.status === LISTING_STATUS.live) return row;
  if (row.status === LISTING_STATUS.rejected || row.status === LISTING_STATUS.archived)
    throw new AppError('conflict', `The listing is ${row.status}; it cannot go live.`, {
      extra: { reason: row.status },
    });
  const current = isoWeekOf(ctx.now);
  const week = row.launchWeek && row.launchWeek <= current ? row.launchWeek : current;
  const [live] = await tx
    .update(listings)
    .set({ status: LISTING_STATUS.live, plan, launchWeek: week, launchedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(listings.id, row.id))
    .returning();
  const first = await tx
    .insert(launchNotices)
    .values({ listingId: row.id, kind: 'live', week, createdAt: ctx.now })
    .onConflictDoNothing()
    .returning({ kind: launchNotices.kind });
  if (first.length > 0) {
    for (const to of await teamEmails(tx, live))
      await sendMail(tx, { to, kind: 'launch', ...liveMail(live.name, `${ctx.baseUrl}/p/${live.slug}`) });
    await sendJob({ name: 'launches/went-live', data: { listing_id: live.id } }, { db: tx });
  }
  return live;
}

/**
 * Makes a listing live now (its week, or this week if it had none or a later one). Live already:
 * nothing changes. The owner is mailed and the maker's followers told once per listing.
 * `revalidate: false` leaves cache expiry to the caller (the week start expires everything once).
 */
export async function goLive(
  db: DbOrTx,
  ctx: LaunchCtx,
  listing: { id: number },
  opts: { revalidate?: boolean } = {},
): Promise<ListingRow> {
  const { before, live } = await db.transaction(async (tx) => {
    const row = await lockListing(tx, listing.id);
    return { before: row, live: await goLiveIn(tx, ctx, row) };
  });
  if (opts.revalidate !== false && before.status !== LISTING_STATUS.live)
    revalidatePublic(...listingTags(live), tags.leaderboard(live.launchWeek!), tags.updates);
  return live;
}

/**
 * Puts a listing in a launch week:
 * - free: the first week at least FREE_LEAD_WEEKS ahead with a free slot (capacity holds under
 *   concurrency: the queue lock); `scheduled` when both gates are already closed, else
 *   `awaiting_badge`. A listing already on the free plan is returned unchanged.
 * - paid, week: `scheduled` for that week (live at once when the week has started); paid weeks
 *   have their own capacity, checked when the order is priced. A free slot it held is released.
 * - now: live at once, on the paid plan. A listing already live just becomes a paid one.
 */
export async function scheduleLaunch(
  db: DbOrTx,
  ctx: LaunchCtx,
  listing: { id: number },
  plan: LaunchPlan,
): Promise<ListingRow> {
  if (plan.kind === 'paid' && !isValidIsoWeek(plan.week)) throw fieldError('week', 'Use an ISO week like 2026-W47.');
  const { before, after } = await db.transaction(async (tx) => {
    const row = await lockListing(tx, listing.id);
    const current = isoWeekOf(ctx.now);
    if (plan.kind === 'free') {
      if (row.plan === LISTING_PLAN.free && QUEUED_STATUSES.includes(row.status)) return { before: row, after: row };
      if (row.status !== LISTING_STATUS.draft || row.plan !== LISTING_PLAN.none) throw freeConflict(row);
      await lockLaunchQueue(tx, row.siteId);
      const settings = await getLaunchSettings(tx, row.siteId);
      const from = addWeeks(current, settings.freeLeadWeeks);
      const week = await firstFreeWeek(tx, row.siteId, from, settings.freeSlotsPerWeek);
      const ready = badgeVerified(row) && (await founderProfileGate(tx, row)).complete;
      const [queued] = await tx
        .update(listings)
        .set({
          plan: LISTING_PLAN.free,
          status: ready ? LISTING_STATUS.scheduled : LISTING_STATUS.awaitingBadge,
          launchWeek: week,
          queuedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(eq(listings.id, row.id))
        .returning();
      return { before: row, after: queued };
    }
    const launchable =
      row.status === LISTING_STATUS.draft ||
      row.status === LISTING_STATUS.awaitingBadge ||
      row.status === LISTING_STATUS.scheduled;
    if (!launchable && row.status !== LISTING_STATUS.live)
      throw new AppError('conflict', `The listing is ${row.status}; it cannot be launched.`, {
        extra: { reason: row.status },
      });
    if (row.status === LISTING_STATUS.live) {
      // Already public: a paid launch bought for it makes it a paid listing; it stays live.
      if (row.plan === LISTING_PLAN.paid) return { before: row, after: row };
      const [paid] = await tx
        .update(listings)
        .set({ plan: LISTING_PLAN.paid, updatedAt: ctx.now })
        .where(eq(listings.id, row.id))
        .returning();
      return { before: row, after: paid };
    }
    if (plan.kind === 'now' || plan.week <= current)
      return { before: row, after: await goLiveIn(tx, ctx, row, LISTING_PLAN.paid) };
    if (row.plan === LISTING_PLAN.paid && row.launchWeek === plan.week) return { before: row, after: row };
    const [scheduled] = await tx
      .update(listings)
      .set({
        plan: LISTING_PLAN.paid,
        status: LISTING_STATUS.scheduled,
        launchWeek: plan.week,
        queuedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(listings.id, row.id))
      .returning();
    return { before: row, after: scheduled };
  });
  if (before.status !== after.status || before.launchWeek !== after.launchWeek || before.plan !== after.plan) {
    // Announced launches show on the home page and /upcoming; a live one on every list and its page.
    revalidatePublic(
      tags.home,
      ...(after.status === LISTING_STATUS.live
        ? [...listingTags(after), tags.leaderboard(after.launchWeek!), tags.updates]
        : []),
    );
  }
  return after;
}

/**
 * A free listing waiting for its gates moves to `scheduled` once both are closed (after a badge
 * check, a profile edit, or at the hourly run). Anything else is returned unchanged.
 */
export async function promoteIfReady(db: DbOrTx, listing: { id: number }, now: Date): Promise<ListingRow> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, listing.id);
    if (row.status !== LISTING_STATUS.awaitingBadge || row.plan !== LISTING_PLAN.free) return row;
    if (!badgeVerified(row) || !(await founderProfileGate(tx, row)).complete) return row;
    const [scheduled] = await tx
      .update(listings)
      .set({ status: LISTING_STATUS.scheduled, updatedAt: now })
      .where(eq(listings.id, row.id))
      .returning();
    return scheduled;
  });
}

/**
 * Moves a free listing whose week started without its gates closed to the next week (after its
 * own, and after the current one) with a free slot; it joins the end of that week's queue.
 */
export async function moveToNextFreeWeek(
  db: DbOrTx,
  ctx: LaunchCtx,
  listing: { id: number },
): Promise<{ from: string; to: string; row: ListingRow } | null> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, listing.id);
    const current = isoWeekOf(ctx.now);
    if (row.status !== LISTING_STATUS.awaitingBadge || !row.launchWeek || row.launchWeek > current) return null;
    await lockLaunchQueue(tx, row.siteId);
    const from = row.launchWeek;
    const to = await freeWeekFrom(tx, row.siteId, addWeeks(current, 1));
    const [moved] = await tx
      .update(listings)
      .set({ launchWeek: to, queuedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(listings.id, row.id))
      .returning();
    return { from, to, row: moved };
  });
}

/**
 * After a founder profile changed (the profile page, issue 13): the waiting free launches whose
 * primary founder is this account's profile, or that this account owns, are scheduled when both
 * gates are now closed. Returns the ids that moved to `scheduled`.
 */
export async function promoteAfterProfileChange(db: DbOrTx, userId: string, now: Date): Promise<number[]> {
  const waiting = await db
    .selectDistinct({ id: listings.id })
    .from(listings)
    .leftJoin(listingFounders, and(eq(listingFounders.listingId, listings.id), eq(listingFounders.isPrimary, true)))
    .leftJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(
      and(
        eq(listings.status, LISTING_STATUS.awaitingBadge),
        eq(listings.plan, LISTING_PLAN.free),
        or(eq(founderProfiles.userId, userId), eq(listings.ownerId, userId)),
      ),
    );
  const promoted: number[] = [];
  for (const { id } of waiting)
    if ((await promoteIfReady(db, { id }, now)).status === LISTING_STATUS.scheduled) promoted.push(id);
  return promoted;
}
