// Property-based fuzzing of every operation on both faces (docs/decisions.md#usability-and-robustness). For each operation of
// the registry, inputs are generated from its own input schema (the JSON Schema the MCP tool list and
// OpenAPI publish), mixed with hostile values: NUL, lone surrogates, RTL marks, a 10 MB string, deep
// nesting, huge numbers, wrong types, unknown keys, raw bodies that are not what they claim. Each
// call goes to REST or MCP. Properties: never a 5xx; nothing stored holds a NUL or a lone surrogate;
// a refused call (4xx) leaves the account's data as it was.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { draftInvites, drafts, listings, users } from '@/db/schema';
import { findBadInput } from '@/lib/input/strings';
import { operations } from '@/lib/operations';
import { inputLocation, pathParams, type AnyOperation } from '@/lib/operations/define';
import { jsonSchemaOf } from '@/lib/mcp/tools';
import { problemOfResult } from '@/lib/mcp/server';

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  items?: Json;
  enum?: unknown[];
  anyOf?: Json[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

export type FuzzAccount = { userId: string; auth: Record<string, string>; draftId: string };
export type FuzzFailure = { face: 'rest' | 'mcp'; op: string; status: number; why: string; input: string };
export type FuzzResult = { tried: number; failures: FuzzFailure[] };

const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
  return v;
};
const DEEP = deep(2000);

const hostileString = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\udbff\u0000',
      '\u202eevil\u202c',
      '\u200f\u200e',
      '😀',
      '',
      ' ',
      '%00',
      '%E0%A4%A',
      '../../etc/passwd',
      "'; drop table users; --",
      'https://example.com/',
      'ledgerly',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.constant(TEN_MB) },
);

const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 53) - 2, 0.1, -1, 0, 1e-300, 99999999999);

/** Anything at all: the wrong-type half of the generator. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hugeNumber,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(DEEP),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** A value the schema may accept (often hostile inside), or any value at all. */
function valueFor(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, depth);
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function shapedFor(schema: Json, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => shapedFor(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer') {
    const min = Math.max(schema.minimum ?? -10, -1e6);
    return fc.oneof(fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 500, min + 1000)) }), hugeNumber);
  }
  if (type === 'number') return fc.oneof(fc.double({ noNaN: true }), hugeNumber);
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (type === 'array')
    return depth > 3 ? fc.constant([]) : fc.array(shapedFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
  if (type === 'object' && schema.properties && depth < 4) return objectFor(schema, depth + 1);
  if (type === 'string' || type === undefined)
    return schema.format === 'uri' ? fc.oneof(fc.webUrl(), hostileString) : hostileString;
  return wrongType;
}

function objectFor(schema: Json, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueFor(s, depth)]));
  const known = fc.record(props, { requiredKeys: [] });
  return fc
    .tuple(known, fc.option(fc.dictionary(hostileString, wrongType, { maxKeys: 2 }), { freq: 5 }))
    .map(([k, extra]) => ({ ...(extra ?? {}), ...k }));
}

/** Raw bodies that no schema describes. */
const rawBody = fc.constantFrom(
  '',
  'null',
  '[]',
  '"str"',
  '{',
  '{"a":1e999}',
  '{"id":"\\u0000"}',
  '{"x":"\\ud800"}',
  `{"a":${'['.repeat(100_000)}}`,
  '\u0000',
  'not json at all',
);

type Call = {
  op: AnyOperation;
  face: 'rest' | 'mcp';
  input: Record<string, unknown>;
  useDraft: boolean;
  raw: string | null;
  anonymous: boolean;
};

function callArb(ops: AnyOperation[]): fc.Arbitrary<Call> {
  return fc.oneof(
    ...ops.map((op) => {
      const schema = jsonSchemaOf(op.input, 'input') as Json;
      return fc.record({
        op: fc.constant(op),
        face: fc.constantFrom<'rest' | 'mcp'>('rest', 'mcp'),
        input: objectFor(schema, 0),
        useDraft: fc.boolean(),
        raw: fc.option(rawBody, { freq: 8 }),
        anonymous: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      });
    }),
  );
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw UTF-8-like bytes. */
function encode(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

function restRequest(baseUrl: string, call: Call, account: FuzzAccount): Request {
  const { op, input } = call;
  const rest = { ...input };
  let path = op.path;
  for (const name of pathParams(op.path)) {
    const value = call.useDraft ? account.draftId : rest[name];
    delete rest[name];
    path = path.replace(`{${name}}`, encode(value ?? ''));
  }
  const headers: Record<string, string> = call.anonymous ? {} : { ...account.auth };
  if (inputLocation(op.method) === 'query') {
    const qs = Object.entries(rest).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => `${encode(k)}=${encode(x)}`) : [`${encode(k)}=${encode(v)}`],
    );
    return new Request(`${baseUrl}/api/v1${path}${qs.length ? `?${qs.join('&')}` : ''}`, {
      method: op.method,
      headers,
    });
  }
  const body = call.raw ?? JSON.stringify(rest);
  return new Request(`${baseUrl}/api/v1${path}`, {
    method: op.method,
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
}

function mcpRequest(baseUrl: string, call: Call, account: FuzzAccount): Request {
  const args = { ...call.input };
  for (const name of pathParams(call.op.path)) if (call.useDraft) args[name] = account.draftId;
  const body =
    call.raw ??
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: call.op.name, arguments: args } });
  return new Request(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      ...(call.anonymous ? {} : account.auth),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body,
  });
}

/** The HTTP status, or for an MCP tool result the problem's status (200 when it succeeded). */
async function statusOf(call: Call, res: Response): Promise<number> {
  if (call.face === 'rest' || res.status !== 200) {
    await res.body?.cancel();
    return res.status;
  }
  const text = await res.text();
  const line = res.headers.get('content-type')?.includes('event-stream')
    ? (text
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6) ?? '{}')
    : text;
  const message = JSON.parse(line) as {
    result?: { isError?: boolean; structuredContent?: { status?: number }; content?: { text?: string }[] };
    error?: unknown;
  };
  if (message.error) return 400; // a JSON-RPC error (unknown tool, bad params): the caller's mistake
  if (!message.result?.isError) return 200;
  return problemOfResult(message.result)?.status ?? 500;
}

/** What a refused call must leave alone: the account's user row, drafts, invites and listings. */
async function accountData(db: Db, userId: string) {
  const [user] = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  const ds = await db.select().from(drafts).where(eq(drafts.ownerId, userId)).orderBy(drafts.id);
  const inv = await db.select().from(draftInvites).orderBy(draftInvites.id);
  const ls = await db
    .select({ id: listings.id, status: listings.status, name: listings.name })
    .from(listings)
    .where(eq(listings.ownerId, userId))
    .orderBy(listings.id);
  return JSON.stringify({ user, ds, inv, ls });
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);

export async function runFuzz(opts: {
  db: Db;
  baseUrl: string;
  account: FuzzAccount;
  runs: number;
  seed: number;
  ops?: AnyOperation[];
  log?: (line: string) => void;
}): Promise<FuzzResult> {
  const failures: FuzzFailure[] = [];
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(callArb(opts.ops ?? operations), async (call) => {
      tried++;
      const before = await accountData(opts.db, opts.account.userId);
      const request =
        call.face === 'rest'
          ? restRequest(opts.baseUrl, call, opts.account)
          : mcpRequest(opts.baseUrl, call, opts.account);
      const status = await statusOf(call, await fetch(request));
      const fail = (why: string) =>
        failures.push({
          face: call.face,
          op: call.op.name,
          status,
          why,
          input: short(call.raw !== null ? `raw body ${JSON.stringify(call.raw)}` : JSON.stringify(call.input)),
        });
      if (status >= 500) fail('5xx');
      if (status >= 500 && process.env.FUZZ_DEBUG)
        console.log(call.face, call.op.name, short(JSON.stringify(call.input)));
      const after = await accountData(opts.db, opts.account.userId);
      if (status >= 400 && after !== before) fail('a refused call changed the account');
      const bad = findBadInput(JSON.parse(after));
      if (bad && !bad.message.includes('nested')) fail(`stored a bad string at ${bad.path}`);
      if (tried % 100 === 0) opts.log?.(`  ${tried} requests, ${failures.length} failures`);
    }),
    { numRuns: opts.runs, seed: opts.seed, endOnFailure: true },
  );
  return { tried, failures };
}

/** The fuzzed account: an API key with every scope and one ready draft to aim the path parameters at. */
export async function fuzzAccount(db: Db): Promise<FuzzAccount> {
  const { createAccount } = await import('@/test/support/accounts');
  const { emptyFields } = await import('@/lib/drafts/fields');
  const { newDraftId } = await import('@/lib/drafts/submit-url');
  const account = await createAccount(db);
  const draftId = newDraftId();
  await db.insert(drafts).values({
    id: draftId,
    ownerId: account.user.id,
    url: 'https://example.com/',
    status: 'ready',
    fields: emptyFields(),
  });
  return { userId: account.user.id, auth: account.auth, draftId };
}
