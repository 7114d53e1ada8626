// One listing per website on a site: a second draft of a listed website is refused before it is
// crawled (submit_listing) and when it would become a listing (submit_draft), on REST and MCP. The
// caller's own listing is named; another account's is not, and one the site team rejected holds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '@/db/schema';
import { rejectListing } from '@/lib/admin/moderation';
import { caller, waitForDraft } from '@/lib/drafts/test/helpers';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { contextFor, mcpClient } from '@/lib/orders/test/helpers';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let acme: FixtureSite;
beforeAll(async () => {
  acme = await startFixtureSite('acme');
});
afterAll(async () => {
  await acme.close();
  await stopLocalRunner();
});

async function built(call: ReturnType<typeof caller>, url: string): Promise<string> {
  const res = await call('POST', '/drafts', { url });
  expect(res.status).toBe(201);
  return (await waitForDraft(call, res.body.id)).id;
}

describe('one listing per website', () => {
  it('compares websites without scheme, www, trailing slashes or case', async () => {
    const key = async (url: string) =>
      (
        await db
          .select({ k: sql<string>`website_key(${url})` })
          .from(sites)
          .limit(1)
      )[0].k;
    const same = await Promise.all(
      ['https://www.Example.com/', 'http://example.com', 'HTTPS://EXAMPLE.COM//'].map(key),
    );
    expect(new Set(same)).toEqual(new Set(['example.com']));
    expect(await key('https://example.com/app')).toBe('example.com/app');
    // A query, a fragment or the index page make no other website ("?ref=x" passed the rule).
    for (const url of ['https://example.com/?ref=x', 'https://example.com/#top', 'https://example.com/index.html'])
      expect(await key(url)).toBe('example.com');
    expect(await key('https://example.com/app/index.php?x=1')).toBe('example.com/app');
    expect(await key('https://wwwexample.com/')).toBe('wwwexample.com');
  });

  it('refuses a second listing of a listed website, before the crawl and at submit, on both faces', async () => {
    const url = `${acme.url}/`;
    const owner = await createAccount(db);
    const ownerCall = caller(app.url, owner.auth);
    const other = await createAccount(db);
    const otherCall = caller(app.url, other.auth);
    // The other account's draft is built while the website is not listed yet.
    const early = await built(otherCall, url);

    const ownerDraft = await built(ownerCall, url);
    const first = await ownerCall('POST', `/drafts/${ownerDraft}/submit`, {});
    expect(first.body.created).toBe(true);
    const listingId: number = first.body.listing_id;
    // Submitting the same draft again is an edit of its listing, not a duplicate.
    expect((await ownerCall('POST', `/drafts/${ownerDraft}/submit`, {})).status).toBe(200);

    const again = await ownerCall('POST', '/drafts', { url: url.replace('http://', 'HTTP://') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'already_listed', listing_id: listingId });
    expect(again.body.detail).toContain(`#${listingId}`);

    const theirs = await otherCall('POST', '/drafts', { url: `${url}/?ref=another` });
    expect(theirs.status).toBe(409);
    expect(theirs.body.reason).toBe('listed_by_another_account');
    expect(JSON.stringify(theirs.body)).not.toContain(String(listingId));
    const late = await otherCall('POST', `/drafts/${early}/submit`, {});
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('listed_by_another_account');

    const third = await createAccount(db); // (the other account's ready draft of this address is its answer)
    const mcp = await mcpClient(app.url, third.auth);
    const viaMcp = await mcp.call('submit_listing', { url });
    expect(viaMcp).toMatchObject({ ok: false, body: { status: 409, reason: 'listed_by_another_account' } });
    await mcp.client.close();

    // Rejected by the site team, the listing no longer holds the website for its owner.
    const admin = await createAccount(db, { role: 'admin' });
    const ctx = await contextFor(db, admin.user);
    await rejectListing(ctx, { listingId, adminId: admin.user.id, reason: 'Not the owner of this website.' });
    const after = await otherCall('POST', `/drafts/${early}/submit`, {});
    expect(after.status).toBe(200);
    expect(after.body.created).toBe(true);
  });
});
