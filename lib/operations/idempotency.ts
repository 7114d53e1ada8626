// Idempotency-Key (docs/decisions.md#idempotency): per account, identical replay, 422 for a different request with
// the same key, 409 while the first is still running, kept 24 h, only successes stored (a refusal or a 5xx
// is released, so a retry runs again). A claim
// still "running" after its lease (60 s) belongs to a request that crashed: a retry takes it over.
import { createHash } from 'node:crypto';
import { and, eq, lt, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_KEY_LENGTH = 255;
/** How long a running claim holds its key; older with no response, the process that made it is presumed dead. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export type StoredResponse = { status: number; body: unknown };
export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: StoredResponse };

export function validateKey(key: string) {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new AppError(
      'idempotency_key_invalid',
      `The idempotency key (the Idempotency-Key header; idempotency_key on MCP) must be text of 1 to ${MAX_KEY_LENGTH} characters.`,
    );
  }
}

/** Stable hash of what makes two requests "the same": operation and validated input. */
export function requestHash(operation: string, input: unknown): string {
  return createHash('sha256').update(operation).update('\0').update(stableStringify(input)).digest('hex');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function claimKey(
  db: Db,
  p: { userId: string; key: string; operation: string; hash: string; now: Date },
): Promise<Claim> {
  // Expired records are dropped first so a key can be used again after 24 h.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, p.userId),
        eq(idempotencyKeys.key, p.key),
        lt(idempotencyKeys.createdAt, new Date(p.now.getTime() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: p.userId, key: p.key, operation: p.operation, requestHash: p.hash, createdAt: p.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key)));
  if (!existing) return claimKey(db, p); // released between our insert and select
  if (existing.requestHash !== p.hash || existing.operation !== p.operation) {
    throw new AppError('idempotency_key_reuse', 'This Idempotency-Key was already used for a different request.');
  }
  if (existing.state === 'running') {
    // Take over a claim whose lease ran out; the update renews the lease, so one retry wins.
    const leaseEnd = new Date(p.now.getTime() - IDEMPOTENCY_LEASE_MS);
    if (existing.createdAt <= leaseEnd) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: p.now })
        .where(
          and(
            eq(idempotencyKeys.userId, p.userId),
            eq(idempotencyKeys.key, p.key),
            eq(idempotencyKeys.state, 'running'),
            lte(idempotencyKeys.createdAt, leaseEnd),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return { kind: 'claimed' };
    }
    throw new AppError(
      'idempotency_in_flight',
      'A request with this Idempotency-Key is still being processed. Retry shortly.',
      { headers: { 'retry-after': '1' } },
    );
  }
  return { kind: 'replay', response: { status: existing.responseStatus ?? 200, body: existing.responseBody } };
}

export async function completeKey(db: Db, userId: string, key: string, response: StoredResponse, now: Date) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: response.status, responseBody: response.body as object, completedAt: now })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Forget a claim whose request was refused or failed, so the client may retry. */
export async function releaseKey(db: Db, userId: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function purgeExpiredKeys(db: Db, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
