// Issue 18 part 7: a job whose lease holder is provably gone (this host, that process no longer
// exists or its pid was reused) is taken over at once; a lease from another host runs out normally.
import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { holderIsGone, leaseHolder, parseLeaseHolder, processStartTime, thisProcess } from '../process-identity';
import { enqueueLocal } from '../queue';
import { LocalRunner } from '../runner';
import type { LocalFunction } from '../types';

const { db } = await useTestDatabase({ seed: false });
const here = thisProcess();
/** A pid that existed and is gone: a child that has exited. */
const deadPid = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();

describe('holderIsGone', () => {
  it('knows its own process by pid and start time', () => {
    expect(here.start).toMatch(/^\d+$/);
    expect(parseLeaseHolder(leaseHolder(here, 'abc'))).toEqual({
      host: here.host,
      boot: here.boot,
      pid: here.pid,
      start: here.start,
    });
  });

  it('a live process on this host is not gone; a dead one or a reused pid is', () => {
    const parent = { ...here, pid: process.ppid, start: processStartTime(process.ppid)! };
    expect(holderIsGone(leaseHolder(parent, 'x'))).toBe(false);
    expect(holderIsGone(leaseHolder(here, 'other-runner-of-this-process'))).toBe(false);
    expect(holderIsGone(leaseHolder({ ...here, pid: Number(deadPid), start: '123' }, 'x'))).toBe(true);
    // The pid is alive but belongs to a process that started at another time: reused.
    expect(holderIsGone(leaseHolder({ ...parent, start: String(Number(parent.start) + 1) }, 'x'))).toBe(true);
    expect(holderIsGone(leaseHolder({ ...here, start: String(Number(here.start) - 1) }, 'x'))).toBe(true);
  });

  it('never proves gone a holder from another host, another boot, or an unknown name', () => {
    expect(holderIsGone(leaseHolder({ ...here, host: 'other-host', pid: Number(deadPid) }, 'x'))).toBe(false);
    expect(holderIsGone(leaseHolder({ ...here, boot: 'another-boot', pid: Number(deadPid) }, 'x'))).toBe(false);
    expect(holderIsGone('runner-1234-abcdef')).toBe(false);
    expect(holderIsGone(null)).toBe(false);
  });
});

describe('the runner takes over at once only what it can prove abandoned', () => {
  const ran: string[] = [];
  const fn: LocalFunction = {
    id: 'takeover-test',
    concurrencyLimit: 10,
    maxAttempts: 3,
    handler: async ({ event }) => void ran.push(String(event.data.key)),
  };
  const runner = new LocalRunner([fn]);
  afterAll(() => runner.stop());

  it('claims the dead holder job in its first tick and leaves the other host one leased', async () => {
    const lease = new Date(Date.now() + 30_000);
    for (const [key, holder] of [
      ['dead-here', leaseHolder({ ...here, pid: Number(deadPid), start: '123' }, 'x')],
      ['other-host', leaseHolder({ ...here, host: 'other-host', pid: Number(deadPid) }, 'x')],
    ]) {
      await enqueueLocal(db, { functionId: fn.id, key, event: { name: 'test', data: { key } } });
      await db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedBy: holder, lockedUntil: lease })
        .where(eq(jobs.key, key));
    }
    const started = Date.now();
    runner.start();
    while (!ran.includes('dead-here') && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['dead-here']);
    expect(Date.now() - started).toBeLessThan(3_000);
    await new Promise((r) => setTimeout(r, 1_500)); // a tick or two later: still not taken
    expect(ran).toEqual(['dead-here']);
    const [other] = await db.select().from(jobs).where(eq(jobs.key, 'other-host'));
    expect(other.status).toBe('running');
    expect(other.lockedUntil?.getTime()).toBe(lease.getTime());
  });
});
