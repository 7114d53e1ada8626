// Issue 12 item 6 over REST: an account starts at most DRAFTS_PER_DAY drafts a day and has at most
// DRAFTS_IN_FLIGHT being built (a new query string does not get around either), and one draft
// reads at most DRAFT_BYTE_BUDGET bytes from its site.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { draftPages, drafts } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import type { DraftStatus } from '@/lib/drafts/types';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { allowLoopbackCrawling, html, startFixtureSite } from '@/test/support/fixture-sites';
import { caller, waitForDraft } from './helpers';

process.env.DRAFTS_PER_DAY = '3';
process.env.DRAFTS_IN_FLIGHT = '2';
process.env.DRAFT_BYTE_BUDGET = '150000';
allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();

// A site whose eight linked pages weigh about 30 KB each: 240 KB in all, over the 150 KB budget.
const filler = (name: string) =>
  html(`<h1>${name}</h1><p>${`${name} is a product for teams. `.repeat(1000)}</p>`, name);
const sections = ['about', 'pricing', 'faq', 'team', 'contact', 'blog', 'careers', 'press'];
const heavy = await startFixtureSite(null, {
  routes: {
    '/': (_q, r) =>
      r
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html(`<h1>Heavy</h1>${sections.map((s) => `<a href="/${s}">${s}</a>`).join(' ')}`, 'Heavy')),
    ...Object.fromEntries(
      sections.map((s) => [
        `/${s}`,
        (_q: unknown, r: import('node:http').ServerResponse) =>
          r.writeHead(200, { 'content-type': 'text/html' }).end(filler(s)),
      ]),
    ),
    '/robots.txt': (_q, r) => r.writeHead(404).end(),
  },
});
afterAll(async () => {
  await stopLocalRunner();
  await heavy.close();
});

async function existingDraft(ownerId: string, status: DraftStatus, ageMs = 0) {
  const at = new Date(Date.now() - ageMs);
  await db.insert(drafts).values({
    id: newDraftId(),
    ownerId,
    url: `https://site-${newDraftId()}.example.com/`,
    status,
    phase: 'done',
    fields: emptyFields(),
    createdAt: at,
    updatedAt: at,
  });
}

describe('draft quotas', () => {
  it('refuses a draft while DRAFTS_IN_FLIGHT are still being built, whatever the query string', async () => {
    const owner = await createAccount(db);
    await existingDraft(owner.user.id, 'crawling');
    await existingDraft(owner.user.id, 'drafting');
    const res = await caller(app.url, owner.auth)('POST', '/drafts', { url: `${heavy.url}/?1` });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.body).toMatchObject({ code: 'rate_limited' });
  });

  it('refuses the draft past DRAFTS_PER_DAY in 24 hours; older drafts do not count', async () => {
    const owner = await createAccount(db);
    const call = caller(app.url, owner.auth);
    await existingDraft(owner.user.id, 'ready', 25 * 3_600_000);
    await existingDraft(owner.user.id, 'ready', 3_600_000);
    await existingDraft(owner.user.id, 'failed', 60_000);
    await existingDraft(owner.user.id, 'ready', 60_000);
    const refused = await call('POST', '/drafts', { url: `${heavy.url}/?2` });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(22 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
    expect(await db.$count(drafts, eq(drafts.ownerId, owner.user.id))).toBe(4);
  });
});

describe('draft byte budget', () => {
  it('reads at most DRAFT_BYTE_BUDGET bytes of the site and skips the rest', async () => {
    const owner = await createAccount(db);
    const call = caller(app.url, owner.auth);
    const created = await call('POST', '/drafts', { url: heavy.url });
    expect(created.status).toBe(201);
    const done = await waitForDraft(call, created.body.id);
    expect(done.status).toBe('ready');
    const pages = await db.select().from(draftPages).where(eq(draftPages.draftId, created.body.id));
    const fetched = pages.filter((p) => p.status === 'fetched' && p.kind !== 'home');
    const sizeOf = (url: string) => Buffer.byteLength(filler(new URL(url).pathname.slice(1)));
    expect(fetched.length).toBeGreaterThanOrEqual(2);
    expect(fetched.reduce((n, p) => n + sizeOf(p.url), 0)).toBeLessThanOrEqual(150_000);
    const skipped = pages.filter((p) => p.status === 'skipped' && p.error === 'byte budget spent');
    expect(skipped.length).toBeGreaterThanOrEqual(3);
    expect(fetched.length + skipped.length).toBe(sections.length);
  });
});
