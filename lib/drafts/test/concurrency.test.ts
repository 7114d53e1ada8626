// At most 3 drafts build at once per account; the rest wait (status crawling, phase queued) and
// all of them finish.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { caller, waitForDraft } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite('plain', { delayMs: 150 });
});
afterAll(async () => {
  await stopLocalRunner();
  await site.close();
});

it('builds at most 3 drafts at a time for one account', async () => {
  const call = caller(app.url, (await createAccount(db)).auth);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await call('POST', '/drafts', { url: `${site.url}/?v=${i}` })).body.id);
  let peak = 0;
  let sawQueued = false;
  for (;;) {
    const { body } = await call('GET', '/drafts?per_page=10');
    const building = body.items.filter(
      (d: { status: string; progress_percent: number }) =>
        (d.status === 'crawling' || d.status === 'drafting') && d.progress_percent > 2,
    ).length;
    sawQueued ||= body.items.some(
      (d: { status: string; progress_percent: number }) => d.status === 'crawling' && d.progress_percent === 2,
    );
    peak = Math.max(peak, building);
    if (body.items.every((d: { status: string }) => d.status === 'ready' || d.status === 'failed')) break;
    await new Promise((r) => setTimeout(r, 30));
  }
  expect(peak).toBeGreaterThan(0);
  expect(peak).toBeLessThanOrEqual(3);
  expect(sawQueued).toBe(true);
  for (const id of ids) expect((await waitForDraft(call, id)).status).toBe('ready');
});
