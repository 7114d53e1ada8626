// DATABASE_REPLICA_URLS: public reads go to a read replica (Drizzle's withReplicas), writes and a
// person's reads of their own data to the primary, and publicPrimaryDb (cache rebuilds) reads the
// primary. Against a primary and a streaming replica this test makes itself; the replica's replay
// is paused during the edit, so "seen at once" cannot come from a fast replica.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, setDbHandle, type Db, type DbHandle } from '@/db/client';
import { migrate } from '@/db/migrate';
import { sites } from '@/db/schema';
import { seedDatabase } from '@/db/seed/seed';
import { caller } from '@/lib/drafts/test/helpers';
import { makeListing } from '@/lib/owner-listings/test/fixtures';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { clusterUnavailable, startPrimaryAndReplica, type Cluster } from './cluster';

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`[replica.test] skipped: ${unavailable}`);

const app = await useApp();
let cluster: Cluster;
let handle: DbHandle;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return ((await db.execute(query)) as unknown as T[])[0];
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(replica: Db) {
  const { lsn } = await one<{ lsn: string }>(handle.db, sql`select pg_current_wal_lsn()::text as lsn`);
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    const { done } = await one<{ done: boolean }>(
      replica,
      sql`select coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as done`,
    );
    if (done) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the replica did not catch up within 10 s');
}

describe.skipIf(unavailable)('read replicas (a primary and a streaming replica made by the test)', () => {
  let direct: DbHandle | undefined;
  let replica: Db;

  beforeAll(async () => {
    cluster = await startPrimaryAndReplica();
    handle = await openDatabase({ url: cluster.primaryUrl, replicaUrls: [cluster.replicaUrl] });
    await migrate(handle);
    await seedDatabase(handle.db, { demo: true });
    setDbHandle(handle);
    // The replica alone, for the test's own checks (a superuser connection: it may pause replay).
    direct = await openDatabase({ url: cluster.replicaUrl });
    replica = direct.db;
    await replicaCaughtUp(replica);
  });

  afterAll(async () => {
    setDbHandle(undefined);
    await direct?.close();
    await handle?.close();
    cluster?.stop();
  });

  const inRecovery = async (db: Db) => (await one<{ r: boolean }>(db, sql`select pg_is_in_recovery() as r`)).r;

  it('publicDb reads from the replica; db and publicPrimaryDb from the primary', async () => {
    expect(await inRecovery(handle.publicDb!)).toBe(true);
    const [viaBuilder] = await handle
      .publicDb!.select({ r: sql<boolean>`pg_is_in_recovery()` })
      .from(sites)
      .limit(1);
    expect(viaBuilder.r).toBe(true);
    expect(await inRecovery(handle.db)).toBe(false);
    expect(await inRecovery(handle.publicPrimaryDb!)).toBe(false);
  });

  it('an edit through the API is seen by its author at once, while public reads still get the replica’s copy', async () => {
    const owner = await createAccount(handle.db);
    const listing = await makeListing(handle.db, owner.user.id, { name: 'Replicated Ledger Zebra' });
    await replicaCaughtUp(replica);
    const call = caller(app.url, owner.auth);
    const search = async () =>
      (await call('GET', '/listings?q=Replicated%20Ledger%20Zebra')).body.items.find(
        (l: { id: number }) => l.id === listing.id,
      )?.headline;
    expect(await search()).toBe('Bookkeeping without the shoebox');

    await one(replica, sql`select pg_wal_replay_pause()`);
    try {
      const edit = await call('PATCH', `/me/listings/${listing.id}`, { fields: { headline: 'Seen by the writer' } });
      expect(edit.status).toBe(200);
      // The author's own read: the primary.
      expect((await call('GET', `/me/listings/${listing.id}`)).body.headline).toBe('Seen by the writer');
      // A public read: the replica, which has not replayed the edit.
      expect(await search()).toBe('Bookkeeping without the shoebox');
      // A cache rebuild's read: the primary.
      const row = await one<{ headline: string }>(
        handle.publicPrimaryDb!,
        sql`select headline from listings where id = ${listing.id}`,
      );
      expect(row.headline).toBe('Seen by the writer');
    } finally {
      await one(replica, sql`select pg_wal_replay_resume()`);
    }
    await replicaCaughtUp(replica);
    expect(await search()).toBe('Seen by the writer');
  });
});
