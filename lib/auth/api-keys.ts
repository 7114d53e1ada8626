// API keys: created once and shown once, stored as a SHA-256 hash, found by their visible prefix.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { Principal, Scope } from './principal';

const PREFIX_LENGTH = 12; // "pld_" + 8 characters
const LAST_USED_RESOLUTION_MS = 60_000;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function generateApiKey(): string {
  return `pld_${randomBytes(6).toString('base64url')}_${randomBytes(24).toString('base64url')}`;
}

export type ApiKeySummary = {
  id: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export async function createApiKey(
  db: Db,
  userId: string,
  input: { name: string; scopes: Scope[]; value?: string },
): Promise<{ key: string; summary: ApiKeySummary }> {
  const name = input.name.trim();
  if (!name || name.length > 100)
    throw new AppError('validation_failed', 'Give the key a name of 1 to 100 characters.', {
      errors: [{ path: 'name', message: 'Required, at most 100 characters.' }],
    });
  if (input.scopes.length === 0)
    throw new AppError('validation_failed', 'Choose at least one scope.', {
      errors: [{ path: 'scopes', message: 'Choose at least one scope.' }],
    });
  const key = input.value ?? generateApiKey();
  if (key.length < 16) throw new AppError('validation_failed', 'An API key must be at least 16 characters long.');
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name,
      prefix: key.slice(0, PREFIX_LENGTH),
      hash: hashSecret(key),
      scopes: [...new Set(input.scopes)],
    })
    .returning();
  return { key, summary: toSummary(row) };
}

function toSummary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as Scope[],
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toSummary);
}

export async function revokeApiKey(db: Db, userId: string, id: number, now = new Date()): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw new AppError('not_found', 'API key not found.');
}

/** Resolves a presented API key to its principal, or null (unknown, wrong secret or revoked). */
export async function verifyApiKey(db: Db, token: string, now = new Date()): Promise<Principal | null> {
  if (token.length < 16 || token.length > 200) return null;
  const [row] = await db
    .select({ key: apiKeys, user: { id: users.id, email: users.email, name: users.name, role: users.role } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, token.slice(0, PREFIX_LENGTH)))
    .limit(1);
  if (!row || row.key.revokedAt) return null;
  const expected = Buffer.from(row.key.hash, 'hex');
  const actual = Buffer.from(hashSecret(token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
  }
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    authKind: 'api_key',
    scopes: row.key.scopes as Scope[],
    credentialId: String(row.key.id),
    credentialName: row.key.name,
  };
}
