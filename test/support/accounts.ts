// Each test makes its own account and key, so tests run in parallel without sharing state.
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { SCOPES, type Scope } from '@/lib/auth/principal';

export async function createAccount(
  db: Db,
  opts: { scopes?: Scope[]; role?: 'member' | 'admin'; name?: string; email?: string } = {},
) {
  const email = opts.email ?? `user-${randomBytes(5).toString('hex')}@test.example`;
  const [user] = await db
    .insert(users)
    .values({ email, name: opts.name ?? 'Test User', role: opts.role ?? 'member', emailVerified: new Date() })
    .returning();
  const { key, summary } = await createApiKey(db, user.id, { name: 'test key', scopes: opts.scopes ?? [...SCOPES] });
  return { user, key, keyId: summary.id, auth: { authorization: `Bearer ${key}` } };
}
