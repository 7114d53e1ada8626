// Issue 12 "Also": a request that crashed after claiming its Idempotency-Key (the process died, so
// no response was stored and nothing released it) must not block retries for 24 h. Past a 60 s
// lease the retry takes the claim over; within the lease it still gets 409.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { emailOutbox, idempotencyKeys } from '@/db/schema';
import { defineOperation } from '@/lib/operations/define';
import { operations } from '@/lib/operations';
import { requestHash } from '@/lib/operations/idempotency';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();

const recordEffect = defineOperation({
  name: 'test_lease_effect',
  method: 'POST',
  path: '/test/lease-effects',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Test',
  summary: 'Test-only operation with a countable side effect',
  input: z.strictObject({ label: z.string().min(1) }),
  output: z.object({ id: z.number(), label: z.string() }),
  successStatus: 201,
  handler: async (ctx, input) => {
    const [row] = await ctx.db
      .insert(emailOutbox)
      .values({ to: input.label, subject: 'effect', text: ctx.principal.userId })
      .returning();
    return { id: row.id, label: input.label };
  },
});

const app = await useApp({ ops: [...operations, recordEffect] });
const effects = async (label: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, label))).length;
const post = (auth: Record<string, string>, body: unknown, key: string) =>
  fetch(`${app.url}/api/v1/test/lease-effects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...auth },
    body: JSON.stringify(body),
  });

/** What a crashed request leaves behind: its claim, still running, `ageMs` old. */
async function crashedClaim(userId: string, key: string, input: { label: string }, ageMs: number) {
  await db.insert(idempotencyKeys).values({
    userId,
    key,
    operation: 'test_lease_effect',
    requestHash: requestHash('test_lease_effect', input),
    createdAt: new Date(Date.now() - ageMs),
  });
}

describe('Idempotency-Key lease', () => {
  it('lets a retry take over a running claim older than 60 s, and then replays its result', async () => {
    const { user, auth } = await createAccount(db);
    await crashedClaim(user.id, 'crashed', { label: 'lease-old' }, 2 * 60_000);
    const retry = await post(auth, { label: 'lease-old' }, 'crashed');
    expect(retry.status).toBe(201);
    expect(await effects('lease-old')).toBe(1);
    const again = await post(auth, { label: 'lease-old' }, 'crashed');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await effects('lease-old')).toBe(1);
  });

  it('still answers 409 within the lease', async () => {
    const { user, auth } = await createAccount(db);
    await crashedClaim(user.id, 'young', { label: 'lease-young' }, 10_000);
    const res = await post(auth, { label: 'lease-young' }, 'young');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'idempotency_in_flight' });
    expect(await effects('lease-young')).toBe(0);
  });

  it('gives a stale claim to exactly one of several concurrent retries', async () => {
    const { user, auth } = await createAccount(db);
    await crashedClaim(user.id, 'race', { label: 'lease-race' }, 5 * 60_000);
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => post(auth, { label: 'lease-race' }, 'race')))
    ).map((r) => r.status);
    expect(await effects('lease-race')).toBe(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
  });
});
