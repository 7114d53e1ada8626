// The launch state table (docs/spec.md part 3, docs/decisions.md#launches): draft → awaiting_badge →
// scheduled → live; awaiting_badge past its week → the next week with a free slot; any other start → 409.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  founderProfiles,
  jobs,
  launchNotices,
  listingFounders,
  listings,
  LISTING_PLAN,
  LISTING_STATUS,
} from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { localRunner, stopLocalRunner } from '@/lib/jobs/local-runner';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, html, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { addWeeks, isoWeekOf, weekStart } from '@/lib/time/iso-week';
import { chooseFreeListing } from '../choose-free';
import { goLive, promoteAfterProfileChange, scheduleLaunch } from '../schedule';
import { runBadgeCheck } from '../verify';
import { runLaunchWeek } from '../week-start';
import { authedCtx, BASE, completeProfile, mailsTo, makeOwnedListing, newSite, reload } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const NOW = new Date('2031-03-05T10:00:00Z'); // a Wednesday in 2031-W10
const W = isoWeekOf(NOW);
let bare: FixtureSite; // a site without the badge
let owner: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  bare = await startFixtureSite(null, {
    routes: { '/': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<h1>Hi</h1>')) },
  });
  owner = await createAccount(db);
});
afterAll(async () => {
  await stopLocalRunner();
  await bare.close();
});

async function badgeSite(slug: string) {
  return startFixtureSite(null, {
    routes: {
      '/': (_q, r) =>
        r
          .writeHead(200, { 'content-type': 'text/html' })
          .end(html(`<footer><a href="${BASE}/p/${slug}">Featured</a></footer>`)),
    },
  });
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('launch states', () => {
  it('draft → awaiting_badge (week 4 ahead, place 1, a badge check queued) → scheduled → live', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      profile: 'incomplete',
      url: `${bare.url}/`,
    });
    const ctx = await authedCtx(db, owner.user, NOW, siteId);
    const chosen = await chooseFreeListing(ctx, l.id);
    expect(chosen).toMatchObject({ id: l.id, status: 'awaiting_badge', plan: 'free', launch_week: addWeeks(W, 4) });
    expect(chosen.launch).toMatchObject({
      week: addWeeks(W, 4),
      week_start: weekStart(addWeeks(W, 4))!.toISOString().slice(0, 10),
      queue_place: 1,
      week_capacity: 20,
      gates: { badge: { status: 'not_checked' }, founder_profile: { status: 'missing' } },
    });
    expect(chosen.launch.gates.founder_profile.missing.map((m) => m.field)).toEqual(['role', 'bio', 'photo']);
    expect(chosen.launch.gates.founder_profile.missing[0].url).toBe(`${BASE}/account/profile#role`);
    const [job] = await db.select().from(jobs).where(eq(jobs.functionId, 'launch-badge-check'));
    expect(job.event).toMatchObject({ data: { listing_id: l.id, reason: 'chosen' } });
    await localRunner()!.idle(30_000);
    expect((await reload(db, l.id)).badgeCheckResult).toBe('not_found');

    // The badge goes up: found, but the profile is still missing → still waiting.
    const site = await badgeSite(l.slug);
    try {
      const { row: afterBadge } = await runBadgeCheck(db, { now: NOW, baseUrl: BASE }, l.id);
      expect(afterBadge.status).toBe(LISTING_STATUS.awaitingBadge);
      await db
        .update(listings)
        .set({ url: `${site.url}/` })
        .where(eq(listings.id, l.id));
      const { row: found } = await runBadgeCheck(db, { now: NOW, baseUrl: BASE }, l.id);
      expect(found).toMatchObject({ status: 'awaiting_badge', badgeCheckResult: 'found_link' });
      await completeProfile(db, l.id);
      // The next check (or the hourly run) closes the last gate.
      const { row: scheduled } = await runBadgeCheck(db, { now: NOW, baseUrl: BASE }, l.id);
      expect(scheduled.status).toBe(LISTING_STATUS.scheduled);
    } finally {
      await site.close();
    }

    // The week starts: live, with launched_at, the owner mailed once.
    const start = weekStart(addWeeks(W, 4))!;
    const report = await runLaunchWeek(db, { now: start, baseUrl: BASE });
    expect(report.live).toContain(l.id);
    const live = await reload(db, l.id);
    expect(live).toMatchObject({ status: 'live', launchWeek: addWeeks(W, 4), launchedAt: start });
    await goLive(db, { now: new Date(start.getTime() + 60_000), baseUrl: BASE }, l);
    expect((await reload(db, l.id)).launchedAt).toEqual(start);
    const mails = (await mailsTo(db, owner.user.email!)).filter((m) => m.subject === `${l.name} is live`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${BASE}/p/${l.slug}`);
  });

  it('tells the co-founders who joined with an account that the listing is live, once each', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, badgeFoundAt: NOW });
    const cofounder = await createAccount(db, { name: 'Rui Costa' });
    const [profile] = await db
      .insert(founderProfiles)
      .values({ slug: `rui-${l.id}`, name: 'Rui Costa', userId: cofounder.user.id })
      .returning({ id: founderProfiles.id });
    await db.insert(listingFounders).values({ listingId: l.id, founderId: profile.id, position: 1 });
    await goLive(db, { now: NOW, baseUrl: BASE }, l);
    await goLive(db, { now: new Date(NOW.getTime() + 60_000), baseUrl: BASE }, await reload(db, l.id));
    for (const email of [owner.user.email!, cofounder.user.email!]) {
      const mails = (await mailsTo(db, email)).filter((m) => m.subject === `${l.name} is live`);
      expect(mails, email).toHaveLength(1);
      expect(mails[0].text).toContain(`${BASE}/p/${l.slug}`);
    }
  });

  it('mails the owner the week and what is left when the free launch is chosen, once', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, profile: 'incomplete' });
    const ctx = await authedCtx(db, owner.user, NOW, siteId);
    const chosen = await chooseFreeListing(ctx, l.id);
    await chooseFreeListing(ctx, l.id); // again: changes nothing, mails nothing
    const mails = (await mailsTo(db, owner.user.email!)).filter((m) => m.subject.startsWith(`${l.name} is queued for`));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Put the badge on your website');
    expect(mails[0].text).toContain(`${BASE}/account/listings/${l.id}#launch`);
    expect(chosen.launch.week).toBeTruthy();
  });

  it('is scheduled at once when the badge is already verified and the profile complete', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, badgeFoundAt: NOW });
    const chosen = await chooseFreeListing(await authedCtx(db, owner.user, NOW, siteId), l.id);
    expect(chosen.status).toBe('scheduled');
    expect(chosen.launch.gates).toMatchObject({
      badge: { status: 'verified' },
      founder_profile: { status: 'complete', missing: [] },
    });
  });

  it('answers the same when called again, and changes nothing', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, badgeFoundAt: NOW, profile: 'incomplete' });
    const first = await chooseFreeListing(await authedCtx(db, owner.user, NOW, siteId), l.id);
    const before = await reload(db, l.id);
    const again = await chooseFreeListing(
      await authedCtx(db, owner.user, new Date(NOW.getTime() + 7 * 86_400_000), siteId),
      l.id,
    );
    expect(again).toEqual(first);
    expect(await reload(db, l.id)).toEqual(before);
  });

  it('moves a listing still waiting when its week starts to the next week with a free slot, and mails what is missing', async () => {
    const siteId = await newSite(db, { freeSlotsPerWeek: 2, freeLeadWeeks: 4 });
    const week = addWeeks(W, 4);
    const waiting = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week,
      profile: 'incomplete',
      queuedAt: NOW,
    });
    // The week after is full; the one after that has room.
    for (let i = 0; i < 2; i++)
      await makeOwnedListing(db, { siteId, ownerId: null, status: 'scheduled', plan: 'free', week: addWeeks(week, 1) });
    const start = weekStart(week)!;
    const report = await runLaunchWeek(db, { now: start, baseUrl: BASE });
    expect(report.moved).toContainEqual({ id: waiting.id, from: week, to: addWeeks(week, 2) });
    const moved = await reload(db, waiting.id);
    expect(moved).toMatchObject({ status: 'awaiting_badge', launchWeek: addWeeks(week, 2), queuedAt: start });
    const mail = (await mailsTo(db, owner.user.email!)).find((m) => m.subject.startsWith(`${waiting.name} moved`));
    expect(mail?.text).toContain('Put the badge on your website');
    expect(mail?.text).toContain('short bio');
    expect(mail?.text).toContain(`${BASE}/account/listings/${waiting.id}`);
    const notices = await db
      .select()
      .from(launchNotices)
      .where(and(eq(launchNotices.listingId, waiting.id), eq(launchNotices.kind, 'moved')));
    expect(notices).toHaveLength(1);
  });

  it('refuses every other start with 409 and a reason', async () => {
    const siteId = await newSite(db);
    const cases = [
      [{ status: 'live', plan: 'paid' }, 'already_live'],
      [{ status: 'rejected', plan: 'none' }, 'rejected'],
      [{ status: 'archived', plan: 'free' }, 'archived'],
      [{ status: 'scheduled', plan: 'paid' }, 'paid_plan'],
      [{ status: 'draft', plan: 'paid' }, 'paid_plan'],
    ] as const;
    for (const [state, reason] of cases) {
      const l = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, ...state, week: addWeeks(W, 2) });
      const err = await refusal(chooseFreeListing(await authedCtx(db, owner.user, NOW, siteId), l.id));
      expect({ status: err.status, reason: err.extra?.reason }).toEqual({ status: 409, reason });
      expect(await reload(db, l.id)).toMatchObject(state);
    }
    // A free launch that went live is still the answer to "choose free" (nothing changes).
    const launched = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'live',
      plan: 'free',
      week: W,
    });
    const same = await chooseFreeListing(await authedCtx(db, owner.user, NOW, siteId), launched.id);
    expect(same).toMatchObject({ status: 'live', launch: { week: W, plan: 'free' } });
  });

  it('schedules a paid week, launches now, and launches a paid week that has started at once', async () => {
    const siteId = await newSite(db);
    const ctx = { now: NOW, baseUrl: BASE };
    const a = await makeOwnedListing(db, { siteId, ownerId: owner.user.id });
    expect(await scheduleLaunch(db, ctx, a, { kind: 'paid', week: addWeeks(W, 1) })).toMatchObject({
      status: 'scheduled',
      plan: 'paid',
      launchWeek: addWeeks(W, 1),
    });
    const b = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week: addWeeks(W, 5),
    });
    expect(await scheduleLaunch(db, ctx, b, { kind: 'now' })).toMatchObject({
      status: 'live',
      plan: LISTING_PLAN.paid,
      launchWeek: W,
      launchedAt: NOW,
    });
    const c = await makeOwnedListing(db, { siteId, ownerId: owner.user.id });
    expect(await scheduleLaunch(db, ctx, c, { kind: 'paid', week: W })).toMatchObject({
      status: 'live',
      launchWeek: W,
    });
    const err = await refusal(scheduleLaunch(db, ctx, c, { kind: 'paid', week: 'W99' }));
    expect(err.status).toBe(422);
    // A live free listing bought a paid launch: it stays live, on the paid plan.
    const d = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, status: 'live', plan: 'free', week: W });
    expect(await scheduleLaunch(db, ctx, d, { kind: 'paid', week: addWeeks(W, 3) })).toMatchObject({
      status: 'live',
      plan: 'paid',
      launchWeek: W,
    });
    const gone = await makeOwnedListing(db, { siteId, ownerId: owner.user.id, status: 'rejected' });
    expect((await refusal(scheduleLaunch(db, ctx, gone, { kind: 'now' }))).status).toBe(409);
  });

  it('schedules a waiting launch when its founder completes the profile (the profile page calls this)', async () => {
    const siteId = await newSite(db);
    const l = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week: addWeeks(W, 4),
      profile: 'incomplete',
      badgeFoundAt: NOW,
    });
    expect(await promoteAfterProfileChange(db, owner.user.id, NOW)).not.toContain(l.id);
    await completeProfile(db, l.id);
    expect(await promoteAfterProfileChange(db, owner.user.id, NOW)).toContain(l.id);
    expect((await reload(db, l.id)).status).toBe('scheduled');
  });
});
