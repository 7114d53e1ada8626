// The local runner: stored steps survive a restart, failures retry with backoff, a concurrency key
// holds extra jobs back, and the failure handler runs after the last attempt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts, jobs, jobSteps } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { fetchStep } from '@/lib/drafts/pipeline';
import { newDraftId } from '@/lib/drafts/submit-url';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { BUILD_DRAFT_ID } from './definitions/build-draft';
import { localFunctions } from './local-runner';
import { enqueueLocal } from './queue';
import { backoffMs, LocalRunner } from './runner';
import type { LocalFunction } from './types';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
let site: FixtureSite;
const runners: LocalRunner[] = [];
const start = (fns: LocalFunction[]) => {
  const r = new LocalRunner(fns);
  runners.push(r);
  r.start();
  return r;
};

beforeAll(async () => {
  site = await startFixtureSite('plain');
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await site.close();
});

describe('local runner', () => {
  it('resumes a job left running by a dead process, skipping the steps it finished', async () => {
    const ownerId = (await createAccount(db)).user.id;
    const id = newDraftId();
    await db.insert(drafts).values({ id, ownerId, url: `${site.url}/`, status: 'crawling', fields: emptyFields() });
    // The "previous process" finished the fetch step, stored it, and died holding the lease.
    const fetched = await fetchStep(db, id);
    const requestsBefore = site.requests.length;
    await enqueueLocal(db, {
      functionId: BUILD_DRAFT_ID,
      key: id,
      concurrencyKey: ownerId,
      event: { name: 'drafts/submitted', data: { draft_id: id, owner_id: ownerId } },
    });
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-runner', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, id))
      .returning();
    await db.insert(jobSteps).values({ jobId: job.id, stepId: 'fetch-pages', result: { ok: fetched.ok } });

    const runner = start(localFunctions());
    await runner.idle(20_000);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row.status).toBe('ready');
    expect(row.fields?.name.value).toBe('Birdhouse');
    expect(site.requests.length).toBe(requestsBefore);
    const steps = await db.select().from(jobSteps).where(eq(jobSteps.jobId, job.id));
    expect(steps.map((s) => s.stepId).sort()).toEqual(['draft-fields', 'extract-pages', 'fetch-pages', 'save-draft']);
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]).toMatchObject({
      status: 'completed',
      attempts: 2,
    });
  });

  it('retries a failing step with backoff and keeps finished steps', async () => {
    const calls: string[] = [];
    let failures = 2;
    const fn: LocalFunction = {
      id: 'test-flaky',
      concurrencyLimit: 1,
      maxAttempts: 4,
      handler: async ({ step }) => {
        await step.run('first', async () => calls.push('first'));
        await step.run('second', async () => {
          calls.push('second');
          if (failures-- > 0) throw new Error('flaky');
          return 'ok';
        });
      },
    };
    const runner = start([fn]);
    await enqueueLocal(db, { functionId: fn.id, key: 'flaky-1', event: { name: 'test', data: {} } });
    runner.kick();
    await runner.idle(20_000);
    expect(calls).toEqual(['first', 'second', 'second', 'second']);
    expect((await db.select().from(jobs).where(eq(jobs.key, 'flaky-1')))[0]).toMatchObject({
      status: 'completed',
      attempts: 3,
    });
    expect(backoffMs(1)).toBeGreaterThanOrEqual(500);
    expect(backoffMs(4)).toBeGreaterThan(backoffMs(1));
  });

  it('runs at most `limit` jobs per concurrency key; the rest wait', async () => {
    let active = 0;
    let peak = 0;
    const fn: LocalFunction = {
      id: 'test-limited',
      concurrencyLimit: 3,
      maxAttempts: 1,
      handler: async ({ step }) => {
        await step.run('work', async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 150));
          active--;
        });
      },
    };
    const runner = start([fn]);
    for (let i = 0; i < 7; i++)
      await enqueueLocal(db, {
        functionId: fn.id,
        key: `limited-${i}`,
        concurrencyKey: 'account-a',
        event: { name: 'test', data: {} },
      });
    await enqueueLocal(db, {
      functionId: fn.id,
      key: 'limited-other',
      concurrencyKey: 'account-b',
      event: { name: 'test', data: {} },
    });
    runner.kick();
    await runner.idle(20_000);
    expect(peak).toBe(4); // 3 of account-a plus account-b's own
    const done = await db.select().from(jobs).where(eq(jobs.functionId, fn.id));
    expect(done.every((j) => j.status === 'completed')).toBe(true);
  });

  it('calls the failure handler after the last attempt', async () => {
    const failed: unknown[] = [];
    const fn: LocalFunction = {
      id: 'test-broken',
      concurrencyLimit: 1,
      maxAttempts: 2,
      handler: async () => {
        throw new Error('always');
      },
      onFailure: async (event) => {
        failed.push(event.data);
      },
    };
    const runner = start([fn]);
    await enqueueLocal(db, { functionId: fn.id, key: 'broken-1', event: { name: 'test', data: { n: 1 } } });
    runner.kick();
    await runner.idle(20_000);
    expect(failed).toEqual([{ n: 1 }]);
    expect((await db.select().from(jobs).where(eq(jobs.key, 'broken-1')))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'always',
    });
  });
});
