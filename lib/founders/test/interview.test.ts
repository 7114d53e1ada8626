// answer_interview over REST and MCP: by id or key, only the answers sent change, an empty answer
// removes one, unknown questions are 422 naming the index, the profile is created on first answer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { founderProfiles, interviewQuestions, listingFounders, LISTING_STATUS } from '@/db/schema';
import { getPublicFounder } from '@/lib/directory/founders';
import { recentAnswers } from '@/lib/directory/interview';
import { ownListing } from '@/lib/founder-story/test/helpers';
import { caller } from '@/lib/drafts/test/helpers';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const app = await useApp();
type Account = Awaited<ReturnType<typeof createAccount>>;
let mcp: Client;
let mcpAccount: Account;
let originId: number;

beforeAll(async () => {
  mcpAccount = await createAccount(db, { name: 'Mia Mcp' });
  mcp = new Client({ name: 'interview-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: mcpAccount.auth } }),
  );
  const [q] = await db.select().from(interviewQuestions).where(eq(interviewQuestions.key, 'origin'));
  originId = q.id;
});
afterAll(() => mcp.close());

const put = (account: Account, body: unknown, headers: Record<string, string> = {}) =>
  caller(app.url, account.auth)('PUT', '/me/interview', body, headers);

describe('answer_interview over REST', () => {
  it('creates the founder profile on the first answer and returns every answer with its question', async () => {
    const account = await createAccount(db, { name: 'Grace Hopper' });
    const res = await put(account, {
      answers: [
        { question: originId, answer: 'A bug in a relay.' },
        { question: 'advice', answer: 'Ship it.' },
      ],
    });
    expect(res.status).toBe(200);
    const [profile] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, account.user.id));
    expect(profile).toMatchObject({ name: 'Grace Hopper', slug: res.body.founder_slug });
    expect(res.body.answers).toEqual([
      expect.objectContaining({
        question_id: originId,
        question_key: 'origin',
        question: 'What made you start building this product?',
        answer: 'A bug in a relay.',
      }),
      expect.objectContaining({ question_key: 'advice', answer: 'Ship it.' }),
    ]);
  });

  it('changes only the answers sent; an empty answer removes one', async () => {
    const account = await createAccount(db);
    await put(account, {
      answers: [
        { question: 'origin', answer: 'First.' },
        { question: 'stack', answer: 'Postgres.' },
        { question: 'next', answer: 'More.' },
      ],
    });
    const res = await put(account, {
      answers: [
        { question: 'stack', answer: 'Postgres and TypeScript.' },
        { question: 'next', answer: '   ' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.answers.map((a: { question_key: string; answer: string }) => [a.question_key, a.answer])).toEqual([
      ['origin', 'First.'],
      ['stack', 'Postgres and TypeScript.'],
    ]);
  });

  it('refuses an unknown question with 422 naming its index, and saves nothing of that call', async () => {
    const account = await createAccount(db);
    const res = await put(account, {
      answers: [
        { question: 'origin', answer: 'Fine.' },
        { question: 'favourite_colour', answer: 'Blue.' },
        { question: 99999, answer: 'No.' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['answers.1.question', 'answers.2.question']);
    const after = await put(account, { answers: [{ question: 'origin', answer: '' }] });
    expect(after.body.answers).toEqual([]);
  });

  it('refuses an answer over 4000 characters, the same question twice, and an empty list', async () => {
    const account = await createAccount(db);
    const long = await put(account, { answers: [{ question: 'origin', answer: 'x'.repeat(4001) }] });
    expect(long.status).toBe(422);
    expect(long.body.errors[0].path).toBe('answers.0.answer');
    const twice = await put(account, {
      answers: [
        { question: 'origin', answer: 'a' },
        { question: originId, answer: 'b' },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].path).toBe('answers.1.question');
    // An id written as text is that id ("3" as 3): the same question twice still.
    const asText = await put(account, {
      answers: [
        { question: String(originId), answer: 'a' },
        { question: 'origin', answer: 'b' },
      ],
    });
    expect(asText.status).toBe(422);
    expect(asText.body.errors[0].path).toBe('answers.1.question');
    const byTextId = await put(account, { answers: [{ question: String(originId), answer: 'By id.' }] });
    expect(byTextId.body.answers).toEqual([expect.objectContaining({ question_key: 'origin', answer: 'By id.' })]);
    expect((await put(account, { answers: [] })).status).toBe(422);
  });

  it('needs listings:write, and replays a repeated Idempotency-Key', async () => {
    expect((await caller(app.url, {})('PUT', '/me/interview', { answers: [] })).status).toBe(401);
    const reader = await createAccount(db, { scopes: ['account:read'] });
    expect((await put(reader, { answers: [{ question: 'origin', answer: 'x' }] })).status).toBe(403);
    const account = await createAccount(db);
    const body = { answers: [{ question: 'origin', answer: 'Once.' }] };
    const first = await put(account, body, { 'idempotency-key': 'interview-1' });
    const replay = await put(account, body, { 'idempotency-key': 'interview-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });
});

describe('answers on the public pages', () => {
  it("show on the founder's page and under each question only for founders behind a live listing", async () => {
    const live = await createAccount(db, { name: 'Live Founder' });
    const hidden = await createAccount(db, { name: 'Hidden Founder' });
    const a = await put(live, { answers: [{ question: 'surprise', answer: 'People read changelogs.' }] });
    const b = await put(hidden, { answers: [{ question: 'surprise', answer: 'Not public yet.' }] });
    const [pa] = await db.select().from(founderProfiles).where(eq(founderProfiles.slug, a.body.founder_slug));
    const [pb] = await db.select().from(founderProfiles).where(eq(founderProfiles.slug, b.body.founder_slug));
    const liveListing = await ownListing(db, live.user.id, LISTING_STATUS.live);
    const draftListing = await ownListing(db, hidden.user.id, LISTING_STATUS.draft);
    await db.insert(listingFounders).values([
      { listingId: liveListing.id, founderId: pa.id, isPrimary: true },
      { listingId: draftListing.id, founderId: pb.id, isPrimary: true },
    ]);
    expect((await getPublicFounder(db, pa.slug))?.answers).toEqual([
      { key: 'surprise', question: 'What surprised you most after launching?', answer: 'People read changelogs.' },
    ]);
    expect(await getPublicFounder(db, pb.slug)).toBeNull();
    const recent = (await recentAnswers(db, 50)).filter((r) => r.questionKey === 'surprise');
    expect(recent.map((r) => r.founder.name)).toContain('Live Founder');
    expect(recent.map((r) => r.founder.name)).not.toContain('Hidden Founder');
    const one = await recentAnswers(db, 1);
    expect(new Set(one.map((r) => r.questionKey)).size).toBe(one.length);
  });
});

describe('answer_interview over MCP', () => {
  it('saves answers through the tool', async () => {
    const res = await mcp.callTool({
      name: 'answer_interview',
      arguments: { answers: [{ question: 'hardest', answer: 'Hiring.' }], idempotency_key: 'mcp-interview-1' },
    });
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    expect(res.structuredContent).toMatchObject({
      answers: [expect.objectContaining({ question_key: 'hardest', answer: 'Hiring.' })],
    });
  });

  it('answers an unknown question with isError and the 422 problem', async () => {
    const res = await mcp.callTool({
      name: 'answer_interview',
      arguments: { answers: [{ question: 'nope', answer: 'x' }] },
    });
    expect(res.isError).toBe(true);
    expect(problemOfResult(res)).toMatchObject({ status: 422, errors: [{ path: 'answers.0.question' }] });
  });
});
