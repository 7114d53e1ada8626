// One job body, two backends: the build-draft and housekeeping bodies from the registry run under
// Inngest (@inngest/test, no Inngest server) and under the local runner (via sendJob) against a real
// database and a fixture site on loopback; payloads are parsed on the way in and on the way out.
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { drafts, jobs, jobSteps } from '@/db/schema';
import { inngestFunctionOf, inngestScheduledFunctionOf } from '@/inngest/functions';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { cronMatches } from '../cron';
import { buildDraftJob } from '../definitions/build-draft';
import { housekeepingJob } from '../definitions/housekeeping';
import { localRunner, queueScheduledJobs, stopLocalRunner } from '../local-runner';
import { enqueueLocal } from '../queue';
import { sendJob } from '../send';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
let site: FixtureSite;
let ownerId: string;

beforeAll(async () => {
  site = await startFixtureSite('acme');
  ownerId = (await createAccount(db)).user.id;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await stopLocalRunner();
  await site.close();
});

async function newDraft(url: string) {
  const id = newDraftId();
  await db.insert(drafts).values({ id, ownerId, url, status: 'crawling', fields: emptyFields() });
  return id;
}

const buildDraft = inngestFunctionOf(buildDraftJob);
const engine = (data: Record<string, unknown>) =>
  new InngestTestEngine({
    function: buildDraft,
    events: [{ name: 'drafts/submitted', data }],
    // step.sleep would wait for a real timer in the test engine; no job sleeps, but keep it instant.
    steps: [{ id: 'sleep', handler: () => undefined }],
  });
const stepIdsOf = (run: unknown) => (run as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0]);

describe('build-draft under both backends', () => {
  it('Inngest: runs fetch, extract, draft and save as steps and leaves the draft ready', async () => {
    const body = vi.spyOn(buildDraftJob, 'run');
    const id = await newDraft(`${site.url}/`);
    const { result, ctx } = await engine({ draft_id: id, owner_id: ownerId }).execute();
    expect(result).toEqual({ draft_id: id, status: 'ready' });
    expect(stepIdsOf(ctx.step.run)).toEqual(['fetch-pages', 'extract-pages', 'draft-fields', 'save-draft']);
    // Inngest replays the body once per step (memoized steps); every call gets the parsed payload.
    expect(body).toHaveBeenCalled();
    for (const [payload] of body.mock.calls) expect(payload).toEqual({ draft_id: id, owner_id: ownerId });
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row.status).toBe('ready');
    expect(row.fields?.name.value).toBe('Acme Notes');
  });

  it('local runner: sendJob queues the same body, which runs the same steps to the same result', async () => {
    const body = vi.spyOn(buildDraftJob, 'run');
    const id = await newDraft(`${site.url}/`);
    await sendJob({ name: 'drafts/submitted', data: { draft_id: id, owner_id: ownerId } });
    await localRunner()!.idle(30_000);
    expect(body).toHaveBeenCalledTimes(1);
    expect(body.mock.calls[0][0]).toEqual({ draft_id: id, owner_id: ownerId });
    const [job] = await db.select().from(jobs).where(eq(jobs.key, id));
    expect(job).toMatchObject({ functionId: 'build-draft', concurrencyKey: ownerId, status: 'completed' });
    const steps = await db.select().from(jobSteps).where(eq(jobSteps.jobId, job.id));
    expect(steps.map((s) => s.stepId).sort()).toEqual(['draft-fields', 'extract-pages', 'fetch-pages', 'save-draft']);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row.status).toBe('ready');
    expect(row.fields?.name.value).toBe('Acme Notes');
  });

  it('Inngest: stops after the fetch step when the site cannot be read', async () => {
    const closed = await startFixtureSite(null);
    const url = `${closed.url}/`;
    await closed.close();
    const id = await newDraft(url);
    const { result, ctx } = await engine({ draft_id: id, owner_id: ownerId }).execute();
    expect(result).toMatchObject({ draft_id: id, status: 'failed', reason: 'unreachable' });
    expect(stepIdsOf(ctx.step.run)).toEqual(['fetch-pages']);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'unreachable' });
  });

  it('declares the per-account concurrency limit and retries to Inngest', () => {
    // getConfig is what `serve` registers with Inngest; it is private in the types only.
    const fn = buildDraft as unknown as {
      getConfig: (o: {
        baseUrl: URL;
        appPrefix: string;
      }) => { concurrency: unknown; steps: Record<string, { retries?: { attempts?: number } }> }[];
    };
    const config = fn.getConfig({
      baseUrl: new URL('http://localhost/api/inngest'),
      appPrefix: 'product-directory',
    })[0];
    expect(JSON.stringify(config.concurrency)).toContain('"limit":3');
    expect(JSON.stringify(config.concurrency)).toContain('event.data.owner_id');
    expect(JSON.stringify(config.steps)).toContain('"attempts":3');
  });
});

describe('payloads are parsed on both sides', () => {
  it('sendJob refuses a payload that does not match the event schema and queues nothing', async () => {
    const before = (await db.select().from(jobs)).length;
    // @ts-expect-error owner_id is missing: the type refuses it, and so does the schema at run time.
    await expect(sendJob({ name: 'drafts/submitted', data: { draft_id: 'drf_x' } })).rejects.toThrow(/owner_id/);
    expect((await db.select().from(jobs)).length).toBe(before);
  });

  it('Inngest: an event with a malformed payload never reaches the body', async () => {
    const body = vi.spyOn(buildDraftJob, 'run');
    const { error } = await engine({ draft_id: 42 }).execute();
    expect(String((error as Error | undefined)?.message ?? error)).toMatch(/draft_id|owner_id/);
    expect(body).not.toHaveBeenCalled();
  });

  it('local runner: a malformed queued row fails without running the body', async () => {
    const body = vi.spyOn(buildDraftJob, 'run');
    await enqueueLocal(db, {
      functionId: 'build-draft',
      key: 'malformed-1',
      event: { name: 'drafts/submitted', data: { draft_id: 42 } },
    });
    await db.update(jobs).set({ attempts: 3 }).where(eq(jobs.key, 'malformed-1')); // last attempt: no retry wait
    localRunner()!.kick();
    await localRunner()!.idle(20_000);
    expect(body).not.toHaveBeenCalled();
    expect((await db.select().from(jobs).where(eq(jobs.key, 'malformed-1')))[0]).toMatchObject({ status: 'failed' });
  });
});

describe('scheduled jobs (hourly housekeeping) under both backends', () => {
  it('reads the cron expressions the jobs use', () => {
    expect(cronMatches('TZ=UTC 17 * * * *', new Date('2026-11-23T10:17:00Z'))).toBe(true);
    expect(cronMatches('TZ=UTC 17 * * * *', new Date('2026-11-23T10:18:00Z'))).toBe(false);
    expect(cronMatches('TZ=UTC 0 0 * * 1', new Date('2026-11-23T00:00:00Z'))).toBe(true); // a Monday
    expect(cronMatches('TZ=UTC 0 0 * * 1', new Date('2026-11-24T00:00:00Z'))).toBe(false);
    expect(cronMatches('*/15 8-9 * * *', new Date('2026-11-24T09:45:00Z'))).toBe(true);
  });

  it('Inngest: the cron function runs the purge as a step', async () => {
    const body = vi.spyOn(housekeepingJob, 'run');
    const { result, ctx } = await new InngestTestEngine({
      function: inngestScheduledFunctionOf(housekeepingJob),
    }).execute();
    expect(result).toMatchObject({ oauthCodes: 0, rateLimits: 0 });
    expect(stepIdsOf(ctx.step.run)).toEqual(['purge-expired']);
    expect(body).toHaveBeenCalled();
  });

  it('local: the clock queues it once per due minute (even from two processes), and the runner runs it', async () => {
    const body = vi.spyOn(housekeepingJob, 'run');
    expect(await queueScheduledJobs(new Date('2026-11-23T10:18:30Z'))).toBe(0);
    expect(await queueScheduledJobs(new Date('2026-11-23T10:17:05Z'))).toBe(1);
    await queueScheduledJobs(new Date('2026-11-23T10:17:40Z'));
    await localRunner()!.idle(20_000);
    const rows = await db.select().from(jobs).where(eq(jobs.functionId, 'housekeeping'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'housekeeping@2026-11-23T10:17:00.000Z', status: 'completed' });
    expect(body).toHaveBeenCalledTimes(1);
  });
});
