// The Inngest function itself, run by @inngest/test (no Inngest server): real steps against a
// real database and a fixture site on loopback.
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { buildDraft, DRAFT_SUBMITTED } from './build-draft';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
let site: FixtureSite;
let ownerId: string;

beforeAll(async () => {
  site = await startFixtureSite('acme');
  ownerId = (await createAccount(db)).user.id;
});
afterAll(() => site.close());

async function newDraft(url: string) {
  const id = newDraftId();
  await db.insert(drafts).values({ id, ownerId, url, status: 'crawling', fields: emptyFields() });
  return id;
}

const engine = (draftId: string) =>
  new InngestTestEngine({
    function: buildDraft,
    events: [{ name: DRAFT_SUBMITTED, data: { draft_id: draftId, owner_id: ownerId } }],
    // step.sleep would wait for a real timer in the test engine; the function does not sleep, but keep it instant.
    steps: [{ id: 'sleep', handler: () => undefined }],
  });

describe('build-draft (Inngest function)', () => {
  it('runs fetch, extract, draft and save as steps and leaves the draft ready', async () => {
    const id = await newDraft(`${site.url}/`);
    const { result, ctx } = await engine(id).execute();
    expect(result).toEqual({ draft_id: id, status: 'ready' });
    const stepIds = (ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0]);
    expect(stepIds).toEqual(['fetch-pages', 'extract-pages', 'draft-fields', 'save-draft']);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row.status).toBe('ready');
    expect(row.fields?.name.value).toBe('Acme Notes');
  });

  it('stops after the fetch step when the site cannot be read', async () => {
    const closed = await startFixtureSite(null);
    const url = `${closed.url}/`;
    await closed.close();
    const id = await newDraft(url);
    const { result, ctx } = await engine(id).execute();
    expect(result).toMatchObject({ draft_id: id, status: 'failed', reason: 'unreachable' });
    expect((ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0])).toEqual(['fetch-pages']);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'unreachable' });
  });

  it('declares the per-account concurrency limit and retries', () => {
    // getConfig is what `serve` registers with Inngest; it is private in the types only.
    const fn = buildDraft as unknown as { getConfig: (o: { baseUrl: URL; appPrefix: string }) => { concurrency: unknown }[] };
    const config = fn.getConfig({ baseUrl: new URL('http://localhost/api/inngest'), appPrefix: 'product-directory' })[0];
    expect(JSON.stringify(config.concurrency)).toContain('"limit":3');
    expect(JSON.stringify(config.concurrency)).toContain('event.data.owner_id');
  });
});
