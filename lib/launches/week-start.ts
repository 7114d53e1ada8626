// The week start (docs/decisions.md#launches), run by an hourly scheduled job: every launch week that
// has started and still holds scheduled or waiting listings is processed once — scheduled ones go
// live, those still waiting for their gates move to the next week with a free slot — and reminders
// go out 7 days and 1 day before a week to owners with a gate still open. Each step is idempotent
// (launch_notices for mails, row locks and status checks for moves), so running it twice changes
// nothing and a server that was down over a week start catches up at its next run.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { launchNotices, launchWeekRuns, listings, users, LISTING_PLAN, LISTING_STATUS } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { sendMail } from '@/lib/mail/send-mail';
import { isoWeekOf, weekStart } from '@/lib/time/iso-week';
import { launchGates, openGateLines } from './gates';
import { movedMail, reminderMail } from './mails';
import { goLive, moveToNextFreeWeek, promoteIfReady, type LaunchCtx } from './schedule';

const DAY = 86_400_000;
const PENDING = [LISTING_STATUS.scheduled, LISTING_STATUS.awaitingBadge];

export type WeekStartReport = {
  weeks: string[];
  live: number[];
  moved: { id: number; from: string; to: string }[];
  promoted: number[];
  reminders: { id: number; kind: string }[];
};

/** Records a mail as sent once: true the first time for (listing, kind, week). */
async function firstNotice(db: DbOrTx, listingId: number, kind: string, week: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(launchNotices)
    .values({ listingId, kind, week, createdAt: now })
    .onConflictDoNothing()
    .returning({ kind: launchNotices.kind });
  return rows.length > 0;
}

async function mailOwner(
  db: DbOrTx,
  ownerId: string | null,
  build: () => Promise<{ subject: string; text: string }>,
): Promise<void> {
  if (!ownerId) return;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  if (owner?.email) await sendMail(db, { to: owner.email, kind: 'launch', ...(await build()) });
}

const editUrl = (ctx: LaunchCtx, id: number) => `${ctx.baseUrl}/account/listings/${id}`;

/** Free listings waiting for gates that have both closed (the badge was found) move to scheduled. */
async function promoteReady(db: DbOrTx, ctx: LaunchCtx, report: WeekStartReport) {
  const waiting = await db
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        eq(listings.status, LISTING_STATUS.awaitingBadge),
        eq(listings.plan, LISTING_PLAN.free),
        isNotNull(listings.badgeVerifiedAt),
      ),
    );
  for (const { id } of waiting) {
    const row = await promoteIfReady(db, { id }, ctx.now);
    if (row.status === LISTING_STATUS.scheduled) report.promoted.push(id);
  }
}

async function startWeek(db: DbOrTx, ctx: LaunchCtx, week: string, report: WeekStartReport) {
  await db.insert(launchWeekRuns).values({ week, startedAt: ctx.now }).onConflictDoNothing();
  const due = await db
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(and(eq(listings.launchWeek, week), inArray(listings.status, PENDING)))
    .orderBy(asc(listings.queuedAt), asc(listings.id));
  for (const l of due.filter((d) => d.status === LISTING_STATUS.scheduled)) {
    const live = await goLive(db, ctx, l, { revalidate: false });
    if (live.status === LISTING_STATUS.live) report.live.push(l.id);
  }
  for (const l of due.filter((d) => d.status === LISTING_STATUS.awaitingBadge)) {
    const moved = await moveToNextFreeWeek(db, ctx, l);
    if (!moved) continue;
    report.moved.push({ id: l.id, from: moved.from, to: moved.to });
    if (await firstNotice(db, l.id, 'moved', moved.from, ctx.now))
      await mailOwner(db, moved.row.ownerId, async () => {
        const gates = await launchGates(db, ctx.baseUrl, moved.row);
        return movedMail(moved.row.name, moved.from, moved.to, openGateLines(gates), editUrl(ctx, l.id));
      });
  }
  await db
    .update(launchWeekRuns)
    .set({ finishedAt: ctx.now })
    .where(and(eq(launchWeekRuns.week, week), isNull(launchWeekRuns.finishedAt)));
}

/** 7 days and 1 day before its week, the owner of a listing with a gate still open hears what is left. */
async function remind(db: DbOrTx, ctx: LaunchCtx, report: WeekStartReport) {
  const current = isoWeekOf(ctx.now);
  const waiting = await db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.status, LISTING_STATUS.awaitingBadge),
        gt(listings.launchWeek, current),
        lte(listings.launchWeek, isoWeekOf(new Date(ctx.now.getTime() + 7 * DAY))),
      ),
    );
  for (const l of waiting) {
    const left = weekStart(l.launchWeek!)!.getTime() - ctx.now.getTime();
    if (left > 7 * DAY || left <= 0) continue;
    const kind = left <= DAY ? 'reminder_1d' : 'reminder_7d';
    const gates = await launchGates(db, ctx.baseUrl, l);
    const missing = openGateLines(gates);
    if (missing.length === 0) continue;
    if (!(await firstNotice(db, l.id, kind, l.launchWeek!, ctx.now))) continue;
    report.reminders.push({ id: l.id, kind });
    const days = Math.max(1, Math.ceil(left / DAY));
    await mailOwner(db, l.ownerId, async () => reminderMail(l.name, l.launchWeek!, days, missing, editUrl(ctx, l.id)));
  }
}

export async function runLaunchWeek(db: DbOrTx, ctx: LaunchCtx): Promise<WeekStartReport> {
  const report: WeekStartReport = { weeks: [], live: [], moved: [], promoted: [], reminders: [] };
  const current = isoWeekOf(ctx.now);
  await promoteReady(db, ctx, report);
  const pending = await db
    .selectDistinct({ week: listings.launchWeek })
    .from(listings)
    .where(and(inArray(listings.status, PENDING), lte(listings.launchWeek, current)));
  const [thisWeek] = await db.select().from(launchWeekRuns).where(eq(launchWeekRuns.week, current));
  const weeks = [...new Set([...pending.map((p) => p.week!), ...(thisWeek?.finishedAt ? [] : [current])])].sort();
  for (const week of weeks) {
    await startWeek(db, ctx, week, report);
    report.weeks.push(week);
  }
  await remind(db, ctx, report);
  if (report.live.length || report.moved.length) revalidatePublic(tags.all);
  return report;
}
