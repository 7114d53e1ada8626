// Two processes' caches on one PostgreSQL database, each with its own listening connection (two
// app servers in one test process): an expiry sent by one reaches the other; a cut listening
// connection makes that cache read through until it listens again, and then it starts empty.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '@/db/client';
import { expiryPayload, joinPeers, PUBLIC_CACHE_CHANNEL, type PeerLink } from './peers';
import { PublicCache } from './public-cache';

const baseUrl = process.env.DATABASE_URL;

async function until(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return Date.now() - start;
}

describe.skipIf(!baseUrl)('cache expiries between servers (LISTEN/NOTIFY, PostgreSQL)', () => {
  const name = `t_peers_${randomBytes(4).toString('hex')}`;
  let url: string;
  let handle: DbHandle;
  const a = new PublicCache({ minRebuildIntervalMs: 0 });
  const b = new PublicCache({ minRebuildIntervalMs: 0 });
  let linkA: PeerLink;
  let linkB: PeerLink;

  beforeAll(async () => {
    const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const u = new URL(baseUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    handle = await openDatabase({ url });
    expect(a.bypass).toBe(false);
    linkA = joinPeers([a], { url, db: handle.db, retryMs: 200, applicationName: 'peer-a' });
    linkB = joinPeers([b], { url, db: handle.db, retryMs: 1_000, applicationName: 'peer-b' });
    expect(a.bypass).toBe(true); // until it listens
    await until(() => !a.bypass && !b.bypass);
  });

  afterAll(async () => {
    await linkA?.close();
    await linkB?.close();
    await handle?.close();
    const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** A key in `cache` whose value counts its builds. */
  async function counter(cache: PublicCache, key: string, tags: string[]) {
    let builds = 0;
    const read = () => cache.read(key, tags, async () => ++builds);
    await read();
    return { read, builds: () => builds };
  }

  it("an expiry sent by one server rebuilds the other's entries within a second; the sender ignores its own", async () => {
    const onB = await counter(b, 'page', ['listing:1']);
    const onA = await counter(a, 'page', ['listing:1']);
    const times: number[] = [];
    for (let i = 2; i <= 11; i++) {
      const sent = performance.now();
      await linkA.send(['listing:1']);
      await until(() => onB.builds() === i, 1_000); // rebuilt on B without waiting for a reader
      times.push(performance.now() - sent);
      expect(await onB.read()).toBe(i); // someone reads it, so the next expiry rebuilds it again
    }
    console.log(`[peers] expiry A → B rebuilt in ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    await until(async () => (await onB.read()) === 11, 1_000);
    expect(onA.builds()).toBe(1); // A expires locally in revalidatePublic, not again on its own notification
  });

  it('an expiry sent inside a transaction arrives at its commit', async () => {
    const onB = await counter(b, 'tx', ['category:x']);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${expiryPayload('elsewhere', ['category:x'])})`);
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.builds()).toBe(1);
    });
    await until(() => onB.builds() === 2, 1_000);
  });

  it('a cut listening connection: reads go through while it is down, the cache starts empty once it is back', async () => {
    const onB = await counter(b, 'cut', ['home']);
    const onA = await counter(a, 'cut', ['home']);
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'peer-b' and datname = current_database()`,
    );
    await until(() => b.bypass, 1_000);
    expect(a.bypass).toBe(false); // A's own connection is untouched
    // A write while B is away: its notification never reaches B.
    await linkA.send(['home']);
    const before = onB.builds();
    await onB.read();
    await onB.read();
    expect(b.bypass).toBe(true); // B reconnects a second after the cut
    expect(onB.builds()).toBe(before + 2); // read through, not from the cache
    await until(() => !b.bypass, 3_000);
    const after = onB.builds();
    await onB.read();
    await onB.read();
    expect(onB.builds()).toBe(after + 1); // emptied on reconnect: one fresh build, then cached again
    expect(onA.builds()).toBe(1);
    // And B hears A again.
    await linkA.send(['home']);
    await until(() => onB.builds() === after + 2, 1_000);
  });

  it('a payload too long for NOTIFY expires everything instead', () => {
    const long = Array.from({ length: 600 }, (_, i) => `listing-slug:a-rather-long-product-name-${i}`);
    expect(JSON.parse(expiryPayload('me', long))).toEqual({ from: 'me', tags: ['public'] });
    expect(JSON.parse(expiryPayload('me', ['home']))).toEqual({ from: 'me', tags: ['home'] });
  });
});
