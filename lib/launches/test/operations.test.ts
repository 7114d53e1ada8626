// choose_free_listing, get_badges and verify_badge over REST and MCP (the v2 SDK client checks each
// structured result against the tool's output schema): success, replay, refusals, scopes, and
// another account's listing answered 404 on both faces.
import type { ServerResponse } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSite } from '@/lib/site/site';
import { stopLocalRunner, localRunner } from '@/lib/jobs/local-runner';
import { problemOfResult } from '@/lib/mcp/server';
import { caller } from '@/lib/drafts/test/helpers';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, html, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { makeOwnedListing, reload } from './helpers';

allowLoopbackCrawling();
process.env.BADGE_CHECK_RATE_LIMIT = '3';
const { db } = await useTestDatabase();
const app = await useApp();
const site = await getSite(db);
let owner: Awaited<ReturnType<typeof createAccount>>;
let stranger: Awaited<ReturnType<typeof createAccount>>;
let mcp: Client;
let fixture: FixtureSite;
let slugOnFixture = '';

beforeAll(async () => {
  owner = await createAccount(db);
  stranger = await createAccount(db);
  fixture = await startFixtureSite(null, {
    routes: {
      '/': (_q, r: ServerResponse) =>
        r
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            html(
              `<footer><a href="${app.url}/p/${slugOnFixture}"><img src="${app.url}/badges/${slugOnFixture}.svg"></a></footer>`,
            ),
          ),
    },
  });
  mcp = new Client({ name: 'launch-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: owner.auth } }),
  );
});
afterAll(async () => {
  await mcp.close();
  await localRunner()
    ?.idle(30_000)
    .catch(() => {});
  await stopLocalRunner();
  await fixture.close();
});

async function tool(name: string, args: Record<string, unknown>) {
  return mcp.callTool({ name, arguments: args });
}

describe('launch operations', () => {
  it('choose_free_listing queues the listing and answers the listing with its launch; a replay answers the same', async () => {
    const l = await makeOwnedListing(db, {
      siteId: site.id,
      ownerId: owner.user.id,
      profile: 'incomplete',
      url: `${fixture.url}/`,
    });
    const call = caller(app.url, owner.auth);
    const res = await call('POST', `/me/listings/${l.id}/free`, undefined, { 'idempotency-key': `free-${l.id}` });
    expect(res.status).toBe(200);
    const week = res.body.launch.week;
    expect(week >= addWeeks(isoWeekOf(new Date()), 4)).toBe(true);
    expect(res.body).toMatchObject({
      id: l.id,
      status: 'awaiting_badge',
      plan: 'free',
      launch_week: week,
      page_url: `${app.url}/p/${l.slug}`,
      launch: {
        plan: 'free',
        status: 'awaiting_badge',
        queue_place: expect.any(Number),
        gates: {
          badge: {
            status: expect.stringMatching(/not_checked|not_found/),
            fix_url: `${app.url}/account/listings/${l.id}#badge`,
          },
          founder_profile: { status: 'missing', fix_url: `${app.url}/account/profile` },
        },
      },
    });
    const replay = await call('POST', `/me/listings/${l.id}/free`, undefined, { 'idempotency-key': `free-${l.id}` });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(res.body);
    // Without the key, called again: the same week and place, nothing changed.
    const again = await call('POST', `/me/listings/${l.id}/free`);
    expect(again.status).toBe(200);
    expect(again.body.launch).toMatchObject({ week, queue_place: res.body.launch.queue_place });
    // Over MCP too, and the result matches the tool's output schema.
    const viaMcp = await tool('choose_free_listing', { listing_id: l.id });
    expect(viaMcp.isError).toBeFalsy();
    expect(viaMcp.structuredContent).toMatchObject({ id: l.id, launch: { week } });
  });

  it('answers 409 with a reason for a listing that cannot take the free plan, on both faces', async () => {
    const l = await makeOwnedListing(db, {
      siteId: site.id,
      ownerId: owner.user.id,
      status: 'live',
      plan: 'paid',
      week: '2026-W01',
    });
    const res = await caller(app.url, owner.auth)('POST', `/me/listings/${l.id}/free`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', reason: 'already_live' });
    const viaMcp = await tool('choose_free_listing', { listing_id: l.id });
    expect(viaMcp.isError).toBe(true);
    expect(problemOfResult(viaMcp)).toMatchObject({ status: 409, reason: 'already_live' });
  });

  it('get_badges gives HTML and Markdown in light and dark, linking to the listing page, with the verification state', async () => {
    const l = await makeOwnedListing(db, { siteId: site.id, ownerId: owner.user.id });
    const res = await caller(app.url, owner.auth)('GET', `/me/listings/${l.id}/badges`);
    expect(res.status).toBe(200);
    expect(res.body.badges.map((b: { theme: string }) => b.theme)).toEqual(['light', 'dark']);
    const [light, dark] = res.body.badges;
    expect(light.html).toContain(`href="${app.url}/p/${l.slug}"`);
    expect(light.html).toContain(`src="${app.url}/badges/${l.slug}.svg"`);
    expect(dark.markdown).toBe(
      `[![${l.name} on ${site.name}](${app.url}/badges/${l.slug}.svg?theme=dark)](${app.url}/p/${l.slug})`,
    );
    expect(res.body.verification).toMatchObject({ status: 'not_checked', checked_at: null });
    const viaMcp = await tool('get_badges', { listing_id: l.id });
    expect(viaMcp.isError).toBeFalsy();
    expect(viaMcp.structuredContent).toEqual(res.body);
  });

  it('verify_badge reads the site now, schedules a ready listing, and is rate-limited', async () => {
    const l = await makeOwnedListing(db, {
      siteId: site.id,
      ownerId: owner.user.id,
      status: 'awaiting_badge',
      plan: 'free',
      week: addWeeks(isoWeekOf(new Date()), 6),
      url: `${fixture.url}/`,
    });
    slugOnFixture = l.slug;
    const call = caller(app.url, owner.auth);
    const res = await call('POST', `/me/listings/${l.id}/badges/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ listing_status: 'scheduled', verification: { status: 'verified' } });
    expect((await reload(db, l.id)).badgeCheckResult).toBe('found_link');
    const viaMcp = await tool('verify_badge', { listing_id: l.id });
    expect(viaMcp.structuredContent).toMatchObject({ verification: { status: 'verified' } });
    await call('POST', `/me/listings/${l.id}/badges/verify`);
    const limited = await call('POST', `/me/listings/${l.id}/badges/verify`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("answers another account's listing with 404 on all three operations, on both faces", async () => {
    const l = await makeOwnedListing(db, { siteId: site.id, ownerId: stranger.user.id });
    const call = caller(app.url, owner.auth);
    for (const [method, path] of [
      ['POST', `/me/listings/${l.id}/free`],
      ['GET', `/me/listings/${l.id}/badges`],
      ['POST', `/me/listings/${l.id}/badges/verify`],
    ] as const) {
      const res = await call(method, path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'not_found' });
    }
    for (const name of ['choose_free_listing', 'get_badges', 'verify_badge']) {
      const res = await tool(name, { listing_id: l.id });
      expect(res.isError).toBe(true);
      expect(problemOfResult(res)).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await reload(db, l.id)).toMatchObject({ status: 'draft', plan: 'none', badgeCheckedAt: null });
  });

  it('checks credentials and scopes, and the id', async () => {
    const l = await makeOwnedListing(db, { siteId: site.id, ownerId: owner.user.id });
    const anonymous = await caller(app.url, {})('POST', `/me/listings/${l.id}/free`);
    expect(anonymous.status).toBe(401);
    const reader = await createAccount(db, { scopes: ['account:read'] });
    expect((await caller(app.url, reader.auth)('POST', `/me/listings/${l.id}/free`)).status).toBe(403);
    expect((await caller(app.url, reader.auth)('GET', `/me/listings/${l.id}/badges`)).status).toBe(404);
    const bad = await caller(app.url, owner.auth)('POST', '/me/listings/abc/free');
    expect(bad.status).toBe(422);
    const body = await caller(app.url, owner.auth)('POST', `/me/listings/${l.id}/free`, { plan: 'free' });
    expect(body.status).toBe(422);
  });
});
