import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings, sites, votes, type ListingStatus } from '@/db/schema';
import { weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { AppError } from '@/lib/errors/app-error';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { isoWeekOf } from '@/lib/time/iso-week';
import { hasVoted, setVote, toggleVote } from './votes';

const handle = await useTestDatabase();
const db = handle.db;
const loose = { limit: 1000, windowMs: 60_000 };

async function makeListing(
  status: ListingStatus,
  name = `Vote Test ${status} ${Math.random().toString(36).slice(2, 8)}`,
) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
      url: 'https://example.com',
      status,
    })
    .returning({ id: listings.id });
  return row.id;
}

async function countOf(listingId: number) {
  const [row] = await db.select({ n: listings.votesCount }).from(listings).where(eq(listings.id, listingId));
  const [real] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(votes)
    .where(eq(votes.listingId, listingId));
  return { stored: row.n, real: real.n };
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('voting rules', () => {
  let live: number;
  beforeAll(async () => {
    live = await makeListing('live');
  });

  it('counts one vote per account, however often it is cast', async () => {
    const { user } = await createAccount(db);
    const first = await setVote(db, { userId: user.id, listingId: live, vote: true }, { rateLimit: loose });
    const again = await setVote(db, { userId: user.id, listingId: live, vote: true }, { rateLimit: loose });
    expect(first).toMatchObject({ voted: true, changed: true });
    expect(again).toMatchObject({ voted: true, changed: false, votes: first.votes });
    const c = await countOf(live);
    expect(c.stored).toBe(c.real);
    expect(await hasVoted(db, user.id, live)).toBe(true);
  });

  it('unvotes with a toggle and never goes below zero', async () => {
    const id = await makeListing('live');
    const { user } = await createAccount(db);
    expect(await toggleVote(db, { userId: user.id, listingId: id }, { rateLimit: loose })).toMatchObject({
      voted: true,
      votes: 1,
    });
    expect(await toggleVote(db, { userId: user.id, listingId: id }, { rateLimit: loose })).toMatchObject({
      voted: false,
      votes: 0,
    });
    expect(await setVote(db, { userId: user.id, listingId: id, vote: false }, { rateLimit: loose })).toMatchObject({
      voted: false,
      votes: 0,
      changed: false,
    });
    expect(await hasVoted(db, user.id, id)).toBe(false);
  });

  it('refuses listings that are not live: drafts are not found, upcoming ones are not open yet', async () => {
    const { user } = await createAccount(db);
    const draft = await makeListing('draft');
    const scheduled = await makeListing('scheduled');
    expect(
      (await refusal(setVote(db, { userId: user.id, listingId: draft, vote: true }, { rateLimit: loose }))).status,
    ).toBe(404);
    expect(
      (await refusal(setVote(db, { userId: user.id, listingId: scheduled, vote: true }, { rateLimit: loose }))).status,
    ).toBe(422);
    expect(
      (await refusal(setVote(db, { userId: user.id, listingId: 99_999_999, vote: true }, { rateLimit: loose }))).status,
    ).toBe(404);
    expect((await countOf(draft)).real).toBe(0);
    expect((await countOf(scheduled)).real).toBe(0);
  });

  it('keeps the count exact when 50 accounts vote at once', async () => {
    const id = await makeListing('live');
    const accounts = await Promise.all(Array.from({ length: 50 }, () => createAccount(db)));
    const results = await Promise.all(
      accounts.map(({ user }) => setVote(db, { userId: user.id, listingId: id, vote: true }, { rateLimit: loose })),
    );
    expect(results.every((r) => r.changed)).toBe(true);
    expect(await countOf(id)).toEqual({ stored: 50, real: 50 });
    // and all 50 taking it back at once
    await Promise.all(
      accounts
        .slice(0, 20)
        .map(({ user }) => setVote(db, { userId: user.id, listingId: id, vote: false }, { rateLimit: loose })),
    );
    expect(await countOf(id)).toEqual({ stored: 30, real: 30 });
  });

  it('rate-limits each account with a 429 and Retry-After, other accounts unaffected', async () => {
    const { user } = await createAccount(db);
    const other = await createAccount(db);
    const rule = { limit: 3, windowMs: 60_000 };
    const now = new Date('2026-11-18T10:00:10Z');
    for (let i = 0; i < 3; i++) await toggleVote(db, { userId: user.id, listingId: live }, { rateLimit: rule, now });
    const err = await refusal(toggleVote(db, { userId: user.id, listingId: live }, { rateLimit: rule, now }));
    expect(err.status).toBe(429);
    expect(err.code).toBe('rate_limited');
    expect(Number(err.headers?.['Retry-After'])).toBe(50);
    await expect(
      toggleVote(db, { userId: other.user.id, listingId: live }, { rateLimit: rule, now }),
    ).resolves.toMatchObject({ voted: true });
    // the next window opens again
    const later = new Date('2026-11-18T10:01:00Z');
    await expect(
      toggleVote(db, { userId: user.id, listingId: live }, { rateLimit: rule, now: later }),
    ).resolves.toBeDefined();
  });
});

describe('leaderboard weeks (Monday 00:00 UTC)', () => {
  it('puts a vote in the ISO week it was cast in', async () => {
    const id = await makeListing('live');
    const sunday = new Date('2026-11-22T23:59:59.999Z'); // last instant of 2026-W47
    const monday = new Date('2026-11-23T00:00:00.000Z'); // first instant of 2026-W48
    expect(isoWeekOf(sunday)).toBe('2026-W47');
    expect(isoWeekOf(monday)).toBe('2026-W48');
    const a = await createAccount(db);
    const b = await createAccount(db);
    const c = await createAccount(db);
    await setVote(db, { userId: a.user.id, listingId: id, vote: true }, { now: sunday, rateLimit: loose });
    await setVote(db, { userId: b.user.id, listingId: id, vote: true }, { now: monday, rateLimit: loose });
    await setVote(db, { userId: c.user.id, listingId: id, vote: true }, { now: monday, rateLimit: loose });
    const weekOf = async (week: string) =>
      (await weeklyLeaderboard(db, week, { page: 1, per_page: 100 })).rows.find((r) => r.id === id)?.weekVotes ?? 0;
    expect(await weekOf('2026-W47')).toBe(1);
    expect(await weekOf('2026-W48')).toBe(2);
    // taking a vote back removes it from the week it was cast in
    await setVote(db, { userId: a.user.id, listingId: id, vote: false }, { now: monday, rateLimit: loose });
    expect(await weekOf('2026-W47')).toBe(0);
    expect(await weekOf('2026-W48')).toBe(2);
  });

  it('ranks by votes of that week only', async () => {
    const x = await makeListing('live');
    const y = await makeListing('live');
    const week = '2031-W02';
    const start = new Date('2031-01-06T00:00:00Z');
    const voters = await Promise.all(Array.from({ length: 3 }, () => createAccount(db)));
    await setVote(db, { userId: voters[0].user.id, listingId: x, vote: true }, { now: start, rateLimit: loose });
    for (const v of voters)
      await setVote(
        db,
        { userId: v.user.id, listingId: y, vote: true },
        { now: new Date(start.getTime() + 3_600_000), rateLimit: loose },
      );
    const { rows, total } = await weeklyLeaderboard(db, week, { page: 1, per_page: 10 });
    expect(rows.map((r) => [r.id, r.weekVotes])).toEqual([
      [y, 3],
      [x, 1],
    ]);
    expect(total).toBe(2);
    // Paged: one a page, and past the last page no rows but the same total.
    for (const [n, ids] of [
      [2, [x]],
      [3, []],
    ] as const) {
      const paged = await weeklyLeaderboard(db, week, { page: n, per_page: 1 });
      expect([paged.rows.map((r) => r.id), paged.total]).toEqual([ids, 2]);
    }
  });
});
