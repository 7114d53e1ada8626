// The week start is idempotent and catches up: running it twice changes nothing and mails nobody
// twice; a server that was down over week starts does the missed work once when it comes back.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailOutbox, follows, launchWeekRuns } from '@/db/schema';
import { stopLocalRunner, localRunner } from '@/lib/jobs/local-runner';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { addWeeks, weekStart } from '@/lib/time/iso-week';
import { runLaunchWeek } from '../week-start';
import { BASE, mailsTo, makeOwnedListing, newSite, reload } from './helpers';

const { db } = await useTestDatabase();
afterAll(() => stopLocalRunner());
const DAY = 86_400_000;

/** A week far from the seed's (which uses the real clock), so only this test's listings are due. */
const W = '2034-W20';
const at = (week: string, plusMs = 0) => new Date(weekStart(week)!.getTime() + plusMs);

describe('week start', () => {
  it('launches the week once: a second run changes nothing and sends no mail', async () => {
    const owner = await createAccount(db);
    const siteId = await newSite(db);
    const a = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: W,
    });
    const b = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'paid',
      week: W,
    });
    const later = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: addWeeks(W, 1),
    });
    const first = await runLaunchWeek(db, { now: at(W, 5_000), baseUrl: BASE });
    expect(first.weeks).toContain(W);
    expect(first.live).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(first.live).not.toContain(later.id);
    const [run] = await db.select().from(launchWeekRuns).where(eq(launchWeekRuns.week, W));
    expect(run.finishedAt).toEqual(at(W, 5_000));
    const mailsAfterFirst = await mailsTo(db, owner.user.email!);

    const second = await runLaunchWeek(db, { now: at(W, 3_600_000), baseUrl: BASE });
    expect(second).toMatchObject({ weeks: [], live: [], moved: [], reminders: [] });
    expect(await mailsTo(db, owner.user.email!)).toHaveLength(mailsAfterFirst.length);
    expect((await reload(db, a.id)).launchedAt).toEqual(at(W, 5_000));
    expect((await reload(db, later.id)).status).toBe('scheduled');
  });

  it('after missed week starts, does each missed week once when it comes back', async () => {
    const owner = await createAccount(db);
    const siteId = await newSite(db);
    const V = '2035-W10';
    const one = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: V,
    });
    const two = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: addWeeks(V, 1),
    });
    const waiting = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week: V,
      profile: 'incomplete',
    });
    // The server was down from before V until Wednesday of V+2.
    const back = at(addWeeks(V, 2), 2 * DAY + 9 * 3_600_000);
    const report = await runLaunchWeek(db, { now: back, baseUrl: BASE });
    expect(report.weeks).toEqual(expect.arrayContaining([V, addWeeks(V, 1), addWeeks(V, 2)]));
    expect(report.live).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(await reload(db, one.id)).toMatchObject({ status: 'live', launchWeek: V, launchedAt: back });
    expect(await reload(db, two.id)).toMatchObject({ status: 'live', launchWeek: addWeeks(V, 1) });
    // The waiting one moves past the current week, not into a week that has already started.
    expect(await reload(db, waiting.id)).toMatchObject({ status: 'awaiting_badge', launchWeek: addWeeks(V, 3) });
    const runs = await db
      .select()
      .from(launchWeekRuns)
      .where(inArray(launchWeekRuns.week, [V, addWeeks(V, 1), addWeeks(V, 2)]));
    expect(runs.every((r) => r.finishedAt !== null)).toBe(true);
    const again = await runLaunchWeek(db, { now: new Date(back.getTime() + 3_600_000), baseUrl: BASE });
    expect(again).toMatchObject({ live: [], moved: [] });
    const moved = (await mailsTo(db, owner.user.email!)).filter((m) => m.subject.includes('moved to'));
    expect(moved).toHaveLength(1);
  });

  it('reminds 7 days and 1 day before the week when a gate is open, once each', async () => {
    const owner = await createAccount(db);
    const siteId = await newSite(db);
    const U = '2036-W30';
    const open = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week: U,
    });
    const ready = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: U,
    });
    const reminders = async () =>
      (await mailsTo(db, owner.user.email!)).filter((m) => m.subject.startsWith(open.name)).map((m) => m.subject);
    await runLaunchWeek(db, { now: at(U, -8 * DAY), baseUrl: BASE });
    expect(await reminders()).toEqual([]);
    await runLaunchWeek(db, { now: at(U, -7 * DAY), baseUrl: BASE });
    await runLaunchWeek(db, { now: at(U, -6 * DAY), baseUrl: BASE });
    expect(await reminders()).toEqual([`${open.name} launches in 7 days: one thing left`]);
    const [mail] = (await mailsTo(db, owner.user.email!)).filter((m) => m.subject.startsWith(open.name));
    expect(mail.text).toContain(`${BASE}/account/listings/${open.id}#badge`);
    await runLaunchWeek(db, { now: at(U, -DAY + 60_000), baseUrl: BASE });
    await runLaunchWeek(db, { now: at(U, -3_600_000), baseUrl: BASE });
    expect(await reminders()).toEqual([
      `${open.name} launches in 7 days: one thing left`,
      `${open.name} launches tomorrow: one thing left`,
    ]);
    expect((await mailsTo(db, owner.user.email!)).some((m) => m.subject.startsWith(ready.name))).toBe(false);
  });

  it('tells the followers of the maker’s other products, each once', async () => {
    const owner = await createAccount(db);
    const fan = await createAccount(db);
    const siteId = await newSite(db);
    const earlier = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'live',
      plan: 'free',
      week: '2030-W01',
    });
    await db.insert(follows).values({ listingId: earlier.id, userId: fan.user.id });
    const T = '2037-W05';
    const next = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: T,
    });
    await runLaunchWeek(db, { now: at(T, 1_000), baseUrl: BASE });
    await localRunner()!.idle(30_000);
    const told = await mailsTo(db, fan.user.email!);
    expect(told.map((m) => m.subject)).toEqual([`New from the makers of ${earlier.name}: ${next.name}`]);
    expect(told[0].text).toContain(`/p/${next.slug}`);
    expect(told[0].text).toMatch(/\/unsubscribe\/[0-9a-f-]{36}/);
    // A retried job sends no second copy.
    const { tellFollowers } = await import('../followers');
    expect(await tellFollowers(db, BASE, next.id, new Date())).toBe(0);
    expect(await mailsTo(db, fan.user.email!)).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.user.email!.toLowerCase()))).toHaveLength(
      1,
    );
  });
});
