// Domain behaviour behind the account's API keys page.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '@/db/schema';
import { createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from '@/lib/auth/api-keys';
import { AppError } from '@/lib/errors/app-error';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase({ seed: false });

describe('API keys', () => {
  it('stores only a hash and the visible prefix', async () => {
    const { user } = await createAccount(db);
    const { key, summary } = await createApiKey(db, user.id, {
      name: '  Deploys  ',
      scopes: ['account:read', 'account:read', 'orders:write'],
    });
    expect(summary).toMatchObject({
      name: 'Deploys',
      prefix: key.slice(0, 12),
      scopes: ['account:read', 'orders:write'],
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, summary.id));
    expect(row.hash).not.toContain(key.slice(12));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('refuses a blank or too long name and an empty scope list', async () => {
    const { user } = await createAccount(db);
    for (const input of [
      { name: '   ', scopes: ['account:read' as const] },
      { name: 'x'.repeat(101), scopes: ['account:read' as const] },
      { name: 'ok', scopes: [] },
    ]) {
      const err = await createApiKey(db, user.id, input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('validation_failed');
    }
  });

  it('lists only the account’s own keys, newest first, revoked ones included', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    const first = await createApiKey(db, a.user.id, { name: 'first', scopes: ['account:read'] });
    const second = await createApiKey(db, a.user.id, { name: 'second', scopes: ['listings:write'] });
    await revokeApiKey(db, a.user.id, first.summary.id);
    const list = await listApiKeys(db, a.user.id);
    expect(list.map((k) => k.name)).toEqual(['second', 'first', 'test key']);
    expect(list.find((k) => k.id === first.summary.id)?.revokedAt).toBeInstanceOf(Date);
    expect(list.some((k) => k.id === b.keyId)).toBe(false);
    expect(second.summary.revokedAt).toBeNull();
  });

  it('records last use and stops working once revoked', async () => {
    const { user } = await createAccount(db);
    const { key, summary } = await createApiKey(db, user.id, { name: 'agent', scopes: ['account:read'] });
    const now = new Date('2026-11-22T10:00:00Z');
    const principal = await verifyApiKey(db, key, now);
    expect(principal).toMatchObject({
      userId: user.id,
      authKind: 'api_key',
      scopes: ['account:read'],
      credentialName: 'agent',
    });
    const [used] = (await listApiKeys(db, user.id)).filter((k) => k.id === summary.id);
    expect(used.lastUsedAt?.toISOString()).toBe(now.toISOString());

    // Same prefix, wrong secret.
    expect(await verifyApiKey(db, `${key.slice(0, 12)}${'A'.repeat(key.length - 12)}`)).toBeNull();

    await revokeApiKey(db, user.id, summary.id);
    expect(await verifyApiKey(db, key)).toBeNull();
    await expect(revokeApiKey(db, user.id, summary.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cannot revoke another account’s key', async () => {
    const owner = await createAccount(db);
    const other = await createAccount(db);
    await expect(revokeApiKey(db, other.user.id, owner.keyId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await verifyApiKey(db, owner.key)).not.toBeNull();
  });
});
