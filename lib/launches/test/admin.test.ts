// The site team's launch queue: each week's capacity and fill, moving a launch (to a week that has
// not started; the owner is told), and the stored settings over the environment's defaults.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { launchWeeks, moveLaunch } from '../admin';
import { envLaunchSettings, getLaunchSettings, setLaunchSettings } from '../settings';
import { BASE, mailsTo, makeOwnedListing, newSite, reload } from './helpers';

const { db } = await useTestDatabase({ seed: false });
const NOW = new Date('2033-02-02T08:00:00Z');
const W = isoWeekOf(NOW);

describe('site team launch queue', () => {
  it('shows each week with capacity and fill, and moves a launch to a later week', async () => {
    const owner = await createAccount(db);
    const siteId = await newSite(db, { freeSlotsPerWeek: 3, freeLeadWeeks: 4 });
    const a = await makeOwnedListing(db, {
      siteId,
      ownerId: owner.user.id,
      status: 'scheduled',
      plan: 'free',
      week: addWeeks(W, 2),
    });
    await makeOwnedListing(db, { siteId, ownerId: null, status: 'awaiting_badge', plan: 'free', week: addWeeks(W, 2) });
    await makeOwnedListing(db, { siteId, ownerId: null, status: 'scheduled', plan: 'paid', week: addWeeks(W, 2) });
    const weeks = await launchWeeks(db, siteId, NOW, 4);
    expect(weeks.map((w) => w.week)).toEqual([0, 1, 2, 3, 4].map((i) => addWeeks(W, i)));
    expect(weeks[2]).toMatchObject({ capacity: 3, freeFilled: 2 });
    expect(weeks[2].listings.map((l) => l.plan)).toEqual(['free', 'free', 'paid']);

    const moved = await moveLaunch(db, { now: NOW, baseUrl: BASE }, a.id, addWeeks(W, 3));
    expect(moved.overCapacity).toBeNull();
    expect(await reload(db, a.id)).toMatchObject({ launchWeek: addWeeks(W, 3), status: 'scheduled' });
    const mail = (await mailsTo(db, owner.user.email!)).find((m) => m.subject.startsWith(a.name));
    expect(mail?.text).toContain(`${BASE}/account/listings/${a.id}`);
  });

  it('refuses a week that has started and a launch that is not coming', async () => {
    const siteId = await newSite(db);
    const a = await makeOwnedListing(db, {
      siteId,
      ownerId: null,
      status: 'scheduled',
      plan: 'free',
      week: addWeeks(W, 2),
    });
    const live = await makeOwnedListing(db, { siteId, ownerId: null, status: 'live', plan: 'free', week: W });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e as AppError).status,
      );
    expect(await refused(moveLaunch(db, { now: NOW, baseUrl: BASE }, a.id, W))).toBe(422);
    expect(await refused(moveLaunch(db, { now: NOW, baseUrl: BASE }, live.id, addWeeks(W, 5)))).toBe(409);
  });

  it('says when a free launch moved into a full week overfills it', async () => {
    const siteId = await newSite(db, { freeSlotsPerWeek: 1, freeLeadWeeks: 1 });
    const free = (week: string) =>
      makeOwnedListing(db, { siteId, ownerId: null, status: 'scheduled', plan: 'free', week });
    const a = await free(addWeeks(W, 2));
    await free(addWeeks(W, 3));
    const moved = await moveLaunch(db, { now: NOW, baseUrl: BASE }, a.id, addWeeks(W, 3));
    expect(moved.overCapacity).toEqual({ fill: 2, slots: 1, plan: 'free' });
  });

  it('moves a paid launch only when the site team confirms the owner agreed', async () => {
    const siteId = await newSite(db);
    const paid = await makeOwnedListing(db, {
      siteId,
      ownerId: null,
      status: 'scheduled',
      plan: 'paid',
      week: addWeeks(W, 2),
    });
    const refusal = await moveLaunch(db, { now: NOW, baseUrl: BASE }, paid.id, addWeeks(W, 4)).catch(
      (e: AppError) => e,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(422);
    expect((refusal as AppError).message).toContain('paid launch');
    expect(await reload(db, paid.id)).toMatchObject({ launchWeek: addWeeks(W, 2) });
    await moveLaunch(db, { now: NOW, baseUrl: BASE }, paid.id, addWeeks(W, 4), { paidConfirmed: true });
    expect(await reload(db, paid.id)).toMatchObject({ launchWeek: addWeeks(W, 4), plan: 'paid' });
  });

  it('stored settings win over the environment defaults', async () => {
    const siteId = await newSite(db);
    expect(envLaunchSettings({})).toEqual({ freeSlotsPerWeek: 20, freeLeadWeeks: 4 });
    expect(envLaunchSettings({ FREE_SLOTS_PER_WEEK: '7', FREE_LEAD_WEEKS: 'x' })).toEqual({
      freeSlotsPerWeek: 7,
      freeLeadWeeks: 4,
    });
    await setLaunchSettings(db, siteId, { freeSlotsPerWeek: 9, freeLeadWeeks: 1 }, null, NOW);
    expect(await getLaunchSettings(db, siteId)).toMatchObject({ freeSlotsPerWeek: 9, freeLeadWeeks: 1 });
    await expect(setLaunchSettings(db, siteId, { freeSlotsPerWeek: 0, freeLeadWeeks: 1 }, null, NOW)).rejects.toThrow();
  });
});
