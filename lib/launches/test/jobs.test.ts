// The launch jobs on both backends: the hourly week start under Inngest (@inngest/test) and the
// local runner's clock (Monday 00:00 UTC is one of its runs); the badge check sent by sendJob.
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '@/db/schema';
import { inngestScheduledFunctionOf } from '@/inngest/functions';
import { cronMatches } from '@/lib/jobs/cron';
import { launchBadgeDailyJob } from '@/lib/jobs/definitions/launch-badge-daily';
import { launchWeekJob } from '@/lib/jobs/definitions/launch-week';
import { localRunner, queueScheduledJobs, stopLocalRunner } from '@/lib/jobs/local-runner';
import { useTestDatabase } from '@/test/support/db';
import { allowLoopbackCrawling, html, startFixtureSite } from '@/test/support/fixture-sites';
import { makeOwnedListing, newSite, reload } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
afterAll(() => stopLocalRunner());

describe('launch jobs', () => {
  it('the week start runs hourly, so Monday 00:00 UTC is one of its runs', () => {
    expect(cronMatches(launchWeekJob.cron, new Date('2026-11-23T00:00:00Z'))).toBe(true); // a Monday
    expect(cronMatches(launchWeekJob.cron, new Date('2026-11-23T00:30:00Z'))).toBe(false);
  });

  it('Inngest: the week start runs as one step', async () => {
    const { result, ctx } = await new InngestTestEngine({
      function: inngestScheduledFunctionOf(launchWeekJob),
    }).execute();
    expect(result).toMatchObject({ live: expect.any(Array), moved: expect.any(Array) });
    expect((ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0])).toEqual([
      'week-start',
    ]);
  });

  it('local: the clock queues the week start on the hour and the runner runs it', async () => {
    expect(await queueScheduledJobs(new Date('2026-11-23T00:00:10Z'), [launchWeekJob])).toBe(1);
    await localRunner()!.idle(20_000);
    const [row] = await db.select().from(jobs).where(eq(jobs.key, 'launch-week@2026-11-23T00:00:00.000Z'));
    expect(row.status).toBe('completed');
  });

  it('the daily check sends one badge check per waiting listing, which reads its site', async () => {
    const page = await startFixtureSite(null, {
      routes: { '/': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<p>No badge</p>')) },
    });
    try {
      const siteId = await newSite(db);
      const l = await makeOwnedListing(db, {
        siteId,
        ownerId: null,
        status: 'awaiting_badge',
        plan: 'free',
        week: '2040-W01',
        url: `${page.url}/`,
      });
      expect(await queueScheduledJobs(new Date('2026-11-23T05:30:00Z'), [launchBadgeDailyJob])).toBe(1);
      await localRunner()!.idle(30_000);
      expect((await reload(db, l.id)).badgeCheckResult).toBe('not_found');
      expect(page.requests).toContain('/');
    } finally {
      await page.close();
    }
  });
});
