// Fulfils a paid `launch` line: the listing becomes a paid launch, live at once or scheduled for the
// chosen week; a free-queue slot it held is released (its plan is no longer free); paid sections
// unlock with the paid plan (docs/decisions.md#fulfilment).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_PLAN, LISTING_STATUS, type FulfilmentResult } from '@/db/schema';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import { isoWeekOf } from '@/lib/time/iso-week';
import type { FulfilContext } from './types';

type LaunchKind = { kind: 'paid'; week: string } | { kind: 'now' };

// replace with lib/launches scheduleLaunch/goLive on merge
async function schedulePaidLaunchLocal(db: DbOrTx, listingId: number, launch: LaunchKind, now: Date) {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!listing) return { summary: 'The listing no longer exists; nothing was launched.', delivered: false };
  const wasFree = listing.plan === LISTING_PLAN.free;
  const base = { plan: LISTING_PLAN.paid, updatedAt: now };
  let summary: string;
  if (listing.status === LISTING_STATUS.live) {
    await db.update(listings).set(base).where(eq(listings.id, listing.id));
    summary = `${listing.name} was already live; it is a paid launch now.`;
  } else if (launch.kind === 'now') {
    await db
      .update(listings)
      .set({ ...base, status: LISTING_STATUS.live, launchedAt: now, launchWeek: isoWeekOf(now), queuedAt: now })
      .where(eq(listings.id, listing.id));
    summary = `${listing.name} is live.`;
  } else {
    await db
      .update(listings)
      .set({ ...base, status: LISTING_STATUS.scheduled, launchWeek: launch.week, queuedAt: now })
      .where(eq(listings.id, listing.id));
    summary = `${listing.name} is scheduled to launch in ${launch.week}.`;
  }
  revalidatePublic(...listingTags(listing));
  const [after] = await db.select().from(listings).where(eq(listings.id, listing.id));
  return {
    summary: wasFree
      ? `${summary} Its free-queue slot${listing.launchWeek ? ` in ${listing.launchWeek}` : ''} was released.`
      : summary,
    delivered: true,
    listing_id: listing.id,
    status: after.status,
    plan: after.plan,
    launch_week: after.launchWeek,
    launched_at: after.launchedAt?.toISOString() ?? null,
    released_free_week: wasFree ? listing.launchWeek : null,
  };
}

export async function fulfilLaunch(ctx: FulfilContext): Promise<FulfilmentResult> {
  const { line } = ctx;
  if (!line.listingId) return { summary: 'No listing on this line; nothing was launched.', delivered: false };
  const week = typeof line.options.launch_week === 'string' ? line.options.launch_week : null;
  return schedulePaidLaunchLocal(ctx.db, line.listingId, week ? { kind: 'paid', week } : { kind: 'now' }, ctx.now);
}
