import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { follows, listings, pendingIntents, sites, votes } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import {
  awaitEmail,
  consumeIntent,
  createIntent,
  idsAwaiting,
  INTENT_TTL_MS,
  resumeIntent,
  takeAwaitingFor,
} from './pending-intents';

const handle = await useTestDatabase();
const db = handle.db;
const t0 = new Date('2026-11-23T10:00:00Z');
const at = (ms: number) => ({ db, now: new Date(t0.getTime() + ms) });

let listingId: number;
beforeAll(async () => {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const slug = `intent-test-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name: slug, url: 'https://example.com', status: 'live' })
    .returning({ id: listings.id });
  listingId = row.id;
});

const voteIntent = () => ({ kind: 'vote' as const, listingId, returnPath: '/p/intent-test' });

async function voteCount(userId: string) {
  return (
    await db
      .select()
      .from(votes)
      .where(and(eq(votes.listingId, listingId), eq(votes.userId, userId)))
  ).length;
}

describe('pending intents', () => {
  it('stores only a hash of the opaque id, which expires 15 minutes after it is made', async () => {
    const { id, expiresAt } = await createIntent(at(0), voteIntent());
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() - t0.getTime()).toBe(INTENT_TTL_MS);
    const rows = await db.select().from(pendingIntents);
    expect(rows.some((r) => r.idHash === id)).toBe(false);
    expect(rows.some((r) => r.expiresAt.getTime() === expiresAt.getTime() && r.listingId === listingId)).toBe(true);
  });

  it('refuses a listing that does not exist', async () => {
    const err = await createIntent(at(0), { ...voteIntent(), listingId: 999_999 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('not_found');
  });

  it('is consumed once: the vote is cast on the first return and never again', async () => {
    const { user } = await createAccount(db);
    const { id } = await createIntent(at(0), voteIntent());
    const first = await resumeIntent(at(60_000), id, user.id);
    expect(first).toMatchObject({
      status: 'done',
      outcome: { kind: 'vote', listingId, active: true, changed: true, returnPath: '/p/intent-test' },
    });
    const again = await resumeIntent(at(61_000), id, user.id);
    expect(again).toEqual({ status: 'used', returnPath: '/p/intent-test' });
    expect(await voteCount(user.id)).toBe(1);
    expect(await consumeIntent(at(62_000), id, user.id)).toBeNull();
  });

  it('two returns at once still vote once', async () => {
    const { user } = await createAccount(db);
    const { id } = await createIntent(at(0), voteIntent());
    const results = await Promise.all([resumeIntent(at(1000), id, user.id), resumeIntent(at(1000), id, user.id)]);
    expect(results.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(await voteCount(user.id)).toBe(1);
  });

  it('has expired after 15 minutes (by the context clock)', async () => {
    const { user } = await createAccount(db);
    const { id } = await createIntent(at(0), voteIntent());
    expect(await resumeIntent(at(INTENT_TTL_MS), id, user.id)).toEqual({
      status: 'expired',
      returnPath: '/p/intent-test',
    });
    expect(await consumeIntent(at(INTENT_TTL_MS + 1), id, user.id)).toBeNull();
    expect(await voteCount(user.id)).toBe(0);
    // just before the limit it still works
    const fresh = await createIntent(at(0), voteIntent());
    expect((await resumeIntent(at(INTENT_TTL_MS - 1), fresh.id, user.id)).status).toBe('done');
  });

  it('is bound to its cookie id: another id, or a malformed one, consumes nothing', async () => {
    const { user } = await createAccount(db);
    const mine = await createIntent(at(0), voteIntent());
    const other = await createIntent(at(0), voteIntent());
    expect(await consumeIntent(at(1000), 'A'.repeat(43), user.id)).toBeNull();
    expect(await consumeIntent(at(1000), `${mine.id}x`, user.id)).toBeNull();
    expect(await consumeIntent(at(1000), "' or 1=1 --", user.id)).toBeNull();
    expect(await consumeIntent(at(1000), other.id, user.id)).toMatchObject({ kind: 'vote', listingId });
    expect(await consumeIntent(at(1000), mine.id, user.id)).toMatchObject({ kind: 'vote', listingId });
  });

  it('only intents whose sign-in link was asked for the address may be performed on return', async () => {
    const { user } = await createAccount(db);
    const mine = await createIntent(at(0), voteIntent());
    const planted = await createIntent(at(0), voteIntent()); // someone else's press, its id set in this browser
    await awaitEmail(at(1000), [mine.id], user.email!.toUpperCase());
    expect(await idsAwaiting(at(2000), [planted.id, mine.id, 'bad'], user.email)).toEqual([mine.id]);
    expect(await idsAwaiting(at(2000), [planted.id], user.email)).toEqual([]);
    expect(await idsAwaiting(at(2000), [mine.id], null)).toEqual([]);
  });

  it('a consumed intent tells only the account that consumed it where it came from', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    const { id } = await createIntent(at(0), voteIntent());
    expect((await resumeIntent(at(1000), id, a.user.id)).status).toBe('done');
    expect(await resumeIntent(at(2000), id, b.user.id)).toEqual({ status: 'none' });
    expect(await voteCount(b.user.id)).toBe(0);
  });

  it('carries a follow too, and a vote already cast stays one vote', async () => {
    const { user } = await createAccount(db);
    const f = await createIntent(at(0), { ...voteIntent(), kind: 'follow' });
    expect(await resumeIntent(at(1000), f.id, user.id)).toMatchObject({
      status: 'done',
      outcome: { kind: 'follow', active: true, count: 1, changed: true },
    });
    expect(
      await db
        .select()
        .from(follows)
        .where(and(eq(follows.listingId, listingId), eq(follows.userId, user.id))),
    ).toHaveLength(1);
    const v1 = await createIntent(at(0), voteIntent());
    const v2 = await createIntent(at(0), voteIntent());
    await resumeIntent(at(1000), v1.id, user.id);
    expect(await resumeIntent(at(2000), v2.id, user.id)).toMatchObject({
      status: 'done',
      outcome: { active: true, changed: false },
    });
    expect(await voteCount(user.id)).toBe(1);
  });

  it('reports a refused vote as failed, and keeps it consumed', async () => {
    const { user } = await createAccount(db);
    const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
    const [draft] = await db
      .insert(listings)
      .values({
        siteId: site.id,
        slug: `intent-draft-${Date.now()}`,
        name: 'Not live',
        url: 'https://example.com',
        status: 'draft',
      })
      .returning({ id: listings.id });
    const { id } = await createIntent(at(0), { ...voteIntent(), listingId: draft.id });
    expect(await resumeIntent(at(1000), id, user.id)).toMatchObject({ status: 'failed', code: 'not_found' });
    expect((await resumeIntent(at(2000), id, user.id)).status).toBe('used');
  });

  it('offers, once and without performing it, an intent whose sign-in link was opened in another browser', async () => {
    const { user } = await createAccount(db);
    const email = user.email!;
    const vote = await createIntent(at(0), voteIntent());
    const follow = await createIntent(at(1000), { ...voteIntent(), kind: 'follow' });
    const unrelated = await createIntent(at(0), voteIntent());
    await awaitEmail(at(2000), [vote.id, follow.id], ` ${email.toUpperCase()} `);

    // Another address finds nothing; this one finds both, oldest first, and nothing was done.
    const stranger = await createAccount(db);
    expect(await takeAwaitingFor(at(3000), stranger.user.email!, stranger.user.id)).toEqual([]);
    const offered = await takeAwaitingFor(at(3000), email, user.id);
    expect(offered.map((i) => i.kind)).toEqual(['vote', 'follow']);
    expect(offered[0]).toMatchObject({ listingId });
    expect(await voteCount(user.id)).toBe(0);
    // Once: shown, they are used; the cookie's own browser finds them spent.
    expect(await takeAwaitingFor(at(4000), email, user.id)).toEqual([]);
    expect(await consumeIntent(at(4000), vote.id, user.id)).toBeNull();
    expect(await consumeIntent(at(4000), unrelated.id, user.id)).not.toBeNull();
    // An expired one is not offered.
    const late = await createIntent(at(0), voteIntent());
    await awaitEmail(at(0), [late.id], email);
    expect(await takeAwaitingFor(at(INTENT_TTL_MS + 1), email, user.id)).toEqual([]);
  });
});
