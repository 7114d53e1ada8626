// Idempotency-Key through the real REST adapter, on an operation registered only by this test.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { defineOperation } from '@/lib/operations/define';
import { operations } from '@/lib/operations';
import { claimKey, IDEMPOTENCY_TTL_MS, requestHash } from '@/lib/operations/idempotency';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const failuresLeft = new Map<string, number>();
const refusalsLeft = new Map<string, number>();

/** Writes one outbox row per execution: the "effect" we count. */
const recordEffect = defineOperation({
  name: 'test_record_effect',
  method: 'POST',
  path: '/test/effects',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Test',
  summary: 'Test-only operation with a countable side effect',
  input: z.strictObject({
    label: z.string().min(1),
    delay_ms: z.number().int().min(0).max(2000).optional(),
    fail_times: z.number().int().optional(),
    refuse_times: z.number().int().optional(),
  }),
  output: z.object({ id: z.number(), label: z.string() }),
  successStatus: 201,
  handler: async (ctx, input) => {
    if (input.delay_ms) await new Promise((r) => setTimeout(r, input.delay_ms));
    const left = failuresLeft.get(input.label) ?? input.fail_times ?? 0;
    if (left > 0) {
      failuresLeft.set(input.label, left - 1);
      throw new Error('simulated crash');
    }
    failuresLeft.set(input.label, 0);
    const refusals = refusalsLeft.get(input.label) ?? input.refuse_times ?? 0;
    if (refusals > 0) {
      refusalsLeft.set(input.label, refusals - 1);
      throw new AppError('rate_limited', 'Too many effects today.', { headers: { 'retry-after': '5' } });
    }
    refusalsLeft.set(input.label, 0);
    const [row] = await ctx.db
      .insert(emailOutbox)
      .values({ to: input.label, subject: 'effect', text: ctx.principal.userId })
      .returning();
    return { id: row.id, label: input.label };
  },
});

const app = await useApp({ ops: [...operations, recordEffect] });
const effects = async (label: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, label))).length;

function post(auth: Record<string, string>, body: unknown, key?: string) {
  return fetch(`${app.url}/api/v1/test/effects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('Idempotency-Key', () => {
  it('replays the identical response for the same key and request, with Idempotent-Replayed', async () => {
    const { auth } = await createAccount(db);
    const first = await post(auth, { label: 'replay-1' }, 'key-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const second = await post(auth, { label: 'replay-1' }, 'key-1');
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(firstBody);
    expect(await effects('replay-1')).toBe(1);
  });

  it('treats the same JSON with other key order or spacing as the same request', async () => {
    const { auth } = await createAccount(db);
    await post(auth, '{"label":"order-1","delay_ms":0}', 'k');
    const again = await post(auth, '{ "delay_ms": 0,  "label": "order-1" }', 'k');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await effects('order-1')).toBe(1);
  });

  it('answers 422 for the same key with a different request, and runs nothing', async () => {
    const { auth } = await createAccount(db);
    expect((await post(auth, { label: 'diff-a' }, 'key-2')).status).toBe(201);
    const res = await post(auth, { label: 'diff-b' }, 'key-2');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ status: 422, code: 'idempotency_key_reuse' });
    expect(await effects('diff-b')).toBe(0);
  });

  it('keeps keys per account: two accounts may use the same key', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    expect((await post(a.auth, { label: 'per-account' }, 'shared')).status).toBe(201);
    const res = await post(b.auth, { label: 'per-account' }, 'shared');
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await effects('per-account')).toBe(2);
  });

  it('has exactly one effect for 20 concurrent requests with one key', async () => {
    const { auth } = await createAccount(db);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(auth, { label: 'concurrent', delay_ms: 150 }, 'burst')),
    );
    const statuses = responses.map((r) => r.status);
    expect(await effects('concurrent')).toBe(1);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const replayed = responses.filter((r) => r.headers.get('idempotent-replayed') === 'true').length;
    expect(statuses.filter((s) => s === 201).length - replayed).toBe(1);
  });

  it('answers 409 while the first request is still running', async () => {
    const { auth } = await createAccount(db);
    const slow = post(auth, { label: 'in-flight', delay_ms: 600 }, 'slow');
    await new Promise((r) => setTimeout(r, 150));
    const res = await post(auth, { label: 'in-flight', delay_ms: 600 }, 'slow');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ status: 409, code: 'idempotency_in_flight' });
    expect((await slow).status).toBe(201);
    expect(await effects('in-flight')).toBe(1);
  });

  it('does not store validation failures', async () => {
    const { auth } = await createAccount(db);
    const bad = await post(auth, { label: '' }, 'validate');
    expect(bad.status).toBe(422);
    const good = await post(auth, { label: 'after-invalid' }, 'validate');
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not store server errors, so a retry runs again', async () => {
    const { auth } = await createAccount(db);
    const crashed = await post(auth, { label: 'crash-once', fail_times: 1 }, 'retry');
    expect(crashed.status).toBe(500);
    const body = await crashed.json();
    expect(body).toMatchObject({ status: 500, code: 'internal' });
    expect(JSON.stringify(body)).not.toContain('simulated crash');
    const retried = await post(auth, { label: 'crash-once', fail_times: 1 }, 'retry');
    expect(retried.status).toBe(201);
    expect(await effects('crash-once')).toBe(1);
  });

  it('does not store a refusal: a retry after a 429 runs again and its Retry-After is sent each time', async () => {
    const { auth } = await createAccount(db);
    const refused = await post(auth, { label: 'refused-once', refuse_times: 1 }, 'limited');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    const retried = await post(auth, { label: 'refused-once', refuse_times: 1 }, 'limited');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await post(auth, { label: 'refused-once', refuse_times: 1 }, 'limited');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await effects('refused-once')).toBe(1);
  });

  it('refuses a key over 255 characters with 400', async () => {
    const { auth } = await createAccount(db);
    const res = await post(auth, { label: 'long-key' }, 'k'.repeat(256));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, code: 'idempotency_key_invalid' });
    expect((await post(auth, { label: 'long-key' }, 'k'.repeat(255))).status).toBe(201);
  });

  it('forgets a key after 24 hours', async () => {
    const { user } = await createAccount(db);
    const now = new Date();
    const hash = requestHash('op', { a: 1 });
    expect((await claimKey(db, { userId: user.id, key: 'old', operation: 'op', hash, now })).kind).toBe('claimed');
    const otherHash = requestHash('op', { a: 2 });
    await expect(
      claimKey(db, { userId: user.id, key: 'old', operation: 'op', hash: otherHash, now }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reuse' });
    const later = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    expect(
      (await claimKey(db, { userId: user.id, key: 'old', operation: 'op', hash: otherHash, now: later })).kind,
    ).toBe('claimed');
  });
});
