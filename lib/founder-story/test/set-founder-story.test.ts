// set_founder_story over REST and MCP: sections and legacy names, the rules (sections × words ×
// photo), back to draft, limits, another account's listing (404 on both faces), Idempotency-Key.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { founderStories, listings, LISTING_STATUS } from '@/db/schema';
import { getPublicListing } from '@/lib/directory/listing-page';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { caller } from '@/lib/drafts/test/helpers';
import { founderOf, ownListing, words } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();

type Account = Awaited<ReturnType<typeof createAccount>>;
let owner: Account;
let stranger: Account;
let mcp: Client;
let strangerMcp: Client;

async function connect(auth: Record<string, string>) {
  const client = new Client({ name: 'story-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: auth } }),
  );
  return client;
}

beforeAll(async () => {
  owner = await createAccount(db, { name: 'Ada Owner' });
  stranger = await createAccount(db);
  mcp = await connect(owner.auth);
  strangerMcp = await connect(stranger.auth);
});
afterAll(async () => {
  await mcp.close();
  await strangerMcp.close();
});

const put = (account: Account, listingId: number, body: unknown, headers: Record<string, string> = {}) =>
  caller(app.url, account.auth)('PUT', `/me/listings/${listingId}/story`, body, headers);

/** Six sections of `total / 6` words each; `n` of them filled. */
const story = (n: number, total: number) =>
  Object.fromEntries(
    ['how_started', 'problem', 'what_built', 'hard_parts', 'milestones', 'whats_next']
      .slice(0, n)
      .map((k, i) => [k, words(Math.floor(total / n) + (i < total % n ? 1 : 0))]),
  );

describe('set_founder_story over REST', () => {
  it('publishes a story that passes the rules, answering the Founder story object', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    const res = await put(owner, listing.id, { title: 'Why we built it', ...story(3, 260) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['listing_version', 'missing', 'published_at', 'shown_on_listing', 'status', 'title', 'url'].sort(),
    );
    // The new words are a version of the listing: the answer gives it, for the next update_my_listing.
    const mine = await caller(app.url, owner.auth)('GET', `/me/listings/${listing.id}`);
    expect(res.body.listing_version).toBe(mine.body.version);
    expect(res.body).toMatchObject({
      title: 'Why we built it',
      status: 'published',
      url: `${app.url}/p/${listing.slug}/story`,
      shown_on_listing: true,
      missing: [],
    });
    expect(Date.parse(res.body.published_at)).not.toBeNaN();
    const page = await getPublicListing(db, { id: listing.id });
    expect(page?.story?.title).toBe('Why we built it');
  });

  it.each([
    // sections, words, photo → status
    [3, 250, true, 'published'],
    [6, 900, true, 'published'],
    [2, 600, true, 'draft'],
    [4, 249, true, 'draft'],
    [3, 300, false, 'draft'],
    [0, 0, false, 'draft'],
  ])('%i sections × %i words × photo %s → %s', async (n, total, photo, status) => {
    const account = await createAccount(db);
    const listing = await ownListing(db, account.user.id);
    await founderOf(db, account.user.id, listing.id, { photoUrl: photo ? 'https://example.com/me.webp' : null });
    const res = await put(account, listing.id, story(n, total));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(status);
    const reasons = res.body.missing.map((m: { reason: string }) => m.reason).join(' | ');
    if (status === 'published') expect(res.body.missing).toEqual([]);
    else {
      expect(res.body.url).toBe(`${app.url}/account/listings/${listing.id}#story`);
      expect(res.body.published_at).toBeNull();
      expect(res.body.shown_on_listing).toBe(false);
      if (n < 3) expect(reasons).toContain('at least 3 of the 6');
      if (total < 250) expect(reasons).toContain('250 words');
      if (!photo) {
        expect(reasons).toContain('photo');
        expect(res.body.missing).toContainEqual(expect.objectContaining({ url: `${app.url}/account/profile#photo` }));
      }
    }
  });

  it('lists every missing profile field of an account with no founder profile', async () => {
    const account = await createAccount(db);
    const listing = await ownListing(db, account.user.id);
    const res = await put(account, listing.id, story(6, 600));
    expect(res.body.status).toBe('draft');
    expect(res.body.missing.map((m: { url: string }) => m.url)).toEqual(
      ['name', 'role', 'bio', 'photo'].map((f) => `${app.url}/account/profile#${f}`),
    );
  });

  it("names the primary founder when their profile, not the caller's, is what is missing", async () => {
    const listing = await ownListing(db, owner.user.id);
    const cofounder = await createAccount(db);
    await founderOf(db, cofounder.user.id, listing.id, { name: 'Bea Primary', photoUrl: null });
    await founderOf(db, owner.user.id, listing.id, { primary: false });
    const res = await put(owner, listing.id, story(3, 300));
    expect(res.body.status).toBe('draft');
    expect(res.body.missing).toEqual([
      {
        reason: 'Bea Primary (the primary founder) needs to complete their profile: photo.',
        url: `${app.url}/account/profile#photo`,
      },
    ]);
  });

  it('maps the legacy names with the update_draft mapping; only sections sent change', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    // Line breaks are stored as LF, as a browser form's CRLF is (the API answered "\r\n" for those).
    await put(owner, listing.id, { problem: 'The problem,\r\nas I wrote it.', whats_next: 'Next things.' });
    const res = await put(owner, listing.id, {
      why_started: 'It started in a garage.',
      journey: 'We built a ledger.',
      challenges: 'Money.',
      lessons: 'Ship sooner.',
      achievements: '1000 users.',
    });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(founderStories).where(eq(founderStories.listingId, listing.id));
    expect(row.sections).toEqual({
      problem: 'The problem,\nas I wrote it.',
      whats_next: 'Next things.',
      how_started: 'It started in a garage.',
      what_built: 'We built a ledger.',
      hard_parts: 'Money.\n\nShip sooner.',
      milestones: '1000 users.',
    });
    await put(owner, listing.id, { story: 'Told again.', problem: '' });
    const [after] = await db.select().from(founderStories).where(eq(founderStories.listingId, listing.id));
    expect(after.sections.how_started).toBe('Told again.');
    expect(after.sections.problem).toBeUndefined();
    expect(after.sections.whats_next).toBe('Next things.');
    // get_my_listing reads the sections back as written (an agent can edit what it wrote).
    const mine = await caller(app.url, owner.auth)('GET', `/me/listings/${listing.id}`);
    expect(mine.body.story.sections).toEqual(after.sections);
  });

  it('moves a published story back to draft when a save breaks the rules, and publishes again', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    const first = await put(owner, listing.id, story(3, 300));
    expect(first.body.status).toBe('published');
    const broken = await put(owner, listing.id, { how_started: '', problem: '' });
    expect(broken.body).toMatchObject({ status: 'draft', published_at: null, shown_on_listing: false });
    expect(broken.body.missing.length).toBeGreaterThan(0);
    expect((await getPublicListing(db, { id: listing.id }))?.story).toBeNull();
    const again = await put(owner, listing.id, story(3, 300));
    expect(again.body.status).toBe('published');
  });

  it('keeps the first publication date while the story stays published', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    const first = await put(owner, listing.id, story(3, 300));
    const second = await put(owner, listing.id, { title: 'A new title' });
    expect(second.body.published_at).toBe(first.body.published_at);
  });

  it('makes new words a listing version, and the same words none', async () => {
    const listing = await ownListing(db, owner.user.id);
    const versionOf = async () => (await db.select().from(listings).where(eq(listings.id, listing.id)))[0].version;
    const v0 = await versionOf();
    await put(owner, listing.id, { title: 'Versioned story' });
    expect(await versionOf()).toBe(v0 + 1);
    await put(owner, listing.id, { title: 'Versioned story' });
    expect(await versionOf()).toBe(v0 + 1);
  });

  it('says a published story of a listing that is not live is not shown on the listing', async () => {
    const listing = await ownListing(db, owner.user.id, LISTING_STATUS.draft);
    await founderOf(db, owner.user.id, listing.id);
    const res = await put(owner, listing.id, story(3, 300));
    expect(res.body).toMatchObject({ status: 'published', shown_on_listing: false });
  });

  it('refuses a section over 8000 characters, and unknown sections, with 422 naming them', async () => {
    const listing = await ownListing(db, owner.user.id);
    const long = await put(owner, listing.id, { problem: 'x'.repeat(8001) });
    expect(long.status).toBe(422);
    expect(long.body.errors[0].path).toBe('problem');
    const joined = await put(owner, listing.id, { challenges: 'x'.repeat(5000), lessons: 'y'.repeat(5000) });
    expect(joined.status).toBe(422);
    expect(joined.body.errors[0].path).toBe('hard_parts');
    const unknown = await put(owner, listing.id, { chapter_one: 'x' });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.errors)).toContain('chapter_one');
  });

  it("answers 404 for another account's listing and for one that does not exist", async () => {
    const listing = await ownListing(db, owner.user.id);
    const res = await put(stranger, listing.id, story(3, 300));
    expect(res.status).toBe(404);
    expect((await put(owner, 2_000_000_000, {})).status).toBe(404);
    expect((await db.select().from(founderStories).where(eq(founderStories.listingId, listing.id))).length).toBe(0);
  });

  it('needs a credential with listings:write', async () => {
    const listing = await ownListing(db, owner.user.id);
    const anonymous = await caller(app.url, {})('PUT', `/me/listings/${listing.id}/story`, {});
    expect(anonymous.status).toBe(401);
    const reader = await createAccount(db, { scopes: ['account:read'] });
    const readOnly = await caller(app.url, reader.auth)('PUT', `/me/listings/${listing.id}/story`, {});
    expect(readOnly.status).toBe(403);
  });

  it('replays a repeated Idempotency-Key and refuses the key for another body', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    const body = { title: 'Once', ...story(3, 300) };
    const first = await put(owner, listing.id, body, { 'idempotency-key': `story-${listing.id}` });
    await put(owner, listing.id, { title: 'Changed in between' });
    const replay = await put(owner, listing.id, body, { 'idempotency-key': `story-${listing.id}` });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [row] = await db.select().from(founderStories).where(eq(founderStories.listingId, listing.id));
    expect(row.sections.title).toBe('Changed in between');
    const other = await put(owner, listing.id, { title: 'Other' }, { 'idempotency-key': `story-${listing.id}` });
    expect(other.status).toBe(422);
  });
});

describe('set_founder_story over MCP', () => {
  it('saves and publishes through the tool, with the same object', async () => {
    const listing = await ownListing(db, owner.user.id);
    await founderOf(db, owner.user.id, listing.id);
    const res = await mcp.callTool({
      name: 'set_founder_story',
      arguments: { listing_id: listing.id, title: 'Told over MCP', ...story(3, 300), idempotency_key: 'mcp-story-1' },
    });
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ title: 'Told over MCP', status: 'published', missing: [] });
  });

  it('links a story ready before launch to its editor, not to a public page that is not there yet', async () => {
    const listing = await ownListing(db, owner.user.id, LISTING_STATUS.scheduled);
    await founderOf(db, owner.user.id, listing.id);
    const rest = await put(owner, listing.id, { title: 'Before launch', ...story(3, 300) });
    expect(rest.body).toMatchObject({
      status: 'published',
      shown_on_listing: false,
      url: `${app.url}/account/listings/${listing.id}#story`,
    });
    const res = await mcp.callTool({
      name: 'set_founder_story',
      arguments: { listing_id: listing.id, title: 'Again' },
    });
    expect(res.structuredContent).toMatchObject({ status: 'published', url: rest.body.url });
    const text = (res.content as { type: string; text: string }[])[0].text;
    expect(text).toContain('shows on the listing page once the listing is live');
    expect(text).not.toContain('/story');
  });

  it("answers 404 for another account's listing", async () => {
    const listing = await ownListing(db, owner.user.id);
    const res = await strangerMcp.callTool({
      name: 'set_founder_story',
      arguments: { listing_id: listing.id, title: 'Not mine' },
    });
    expect(res.isError).toBe(true);
    expect(problemOfResult(res)).toMatchObject({ status: 404, code: 'not_found' });
  });
});
