import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import { listApiKeys, revokeApiKey } from '@/lib/auth/api-keys';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const app = await useApp();

async function expectProblem(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body).toMatchObject({ status, code });
  return body;
}

describe('REST authentication and scopes', () => {
  it('refuses a protected operation without a key: 401 with WWW-Authenticate', async () => {
    const res = await fetch(`${app.url}/api/v1/me`);
    await expectProblem(res, 401, 'unauthorized');
    const challenge = res.headers.get('www-authenticate');
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('scope="account:read"');
    expect(challenge).toContain('resource_metadata="');
  });

  it('accepts a valid key and says who is signed in', async () => {
    const account = await createAccount(db, { scopes: ['account:read'] });
    const res = await fetch(`${app.url}/api/v1/me`, { headers: account.auth });
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me).toMatchObject({
      id: account.user.id,
      email: account.user.email,
      auth: { kind: 'api_key', scopes: ['account:read'] },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an unknown key and a key with a wrong secret', async () => {
    const account = await createAccount(db);
    const tampered = account.key.slice(0, -4) + 'AAAA';
    await expectProblem(
      await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${tampered}` } }),
      401,
      'unauthorized',
    );
    await expectProblem(
      await fetch(`${app.url}/api/v1/me`, { headers: { authorization: 'Bearer pld_nothere_xxxxxxxxxxxxxxxxxxxx' } }),
      401,
      'unauthorized',
    );
    // Another scheme presents no bearer credential: the challenge names no error (RFC 6750 §3.1).
    const basic = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: 'Basic abc' } });
    expect((await expectProblem(basic, 401, 'unauthorized')).detail).toContain('Bearer');
    expect(basic.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(basic.headers.get('www-authenticate')).not.toContain('error=');
    const empty = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: 'Bearer ' } });
    await expectProblem(empty, 401, 'unauthorized');
    expect(empty.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('records when a key was last used (to the minute)', async () => {
    const account = await createAccount(db, { scopes: ['account:read'] });
    expect((await listApiKeys(db, account.user.id))[0].lastUsedAt).toBeNull();
    expect((await fetch(`${app.url}/api/v1/me`, { headers: account.auth })).status).toBe(200);
    const first = (await listApiKeys(db, account.user.id))[0].lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    const stale = new Date(Date.now() - 5 * 60_000);
    await db.update(apiKeys).set({ lastUsedAt: stale }).where(eq(apiKeys.id, account.keyId));
    expect((await fetch(`${app.url}/api/v1/me`, { headers: account.auth })).status).toBe(200);
    const second = (await listApiKeys(db, account.user.id))[0].lastUsedAt!;
    expect(second.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('refuses a revoked key with 401', async () => {
    const account = await createAccount(db);
    expect((await fetch(`${app.url}/api/v1/me`, { headers: account.auth })).status).toBe(200);
    await revokeApiKey(db, account.user.id, account.keyId);
    const res = await fetch(`${app.url}/api/v1/me`, { headers: account.auth });
    await expectProblem(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers 403 insufficient_scope when the key lacks the scope', async () => {
    const account = await createAccount(db, { scopes: ['orders:write'] });
    const res = await fetch(`${app.url}/api/v1/me`, { headers: account.auth });
    const body = await expectProblem(res, 403, 'insufficient_scope');
    expect(body.detail).toContain('account:read');
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('serves public operations without a key', async () => {
    for (const path of [
      '/listings',
      '/leaderboards/community-weekly',
      '/interview-questions',
      '/products',
      '/categories',
    ]) {
      const res = await fetch(`${app.url}/api/v1${path}`);
      expect(res.status, path).toBe(200);
      const body = await res.json();
      expect(Array.isArray(body.items), path).toBe(true);
    }
  });

  it('cannot see another account through its own key', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    const me = await (await fetch(`${app.url}/api/v1/me`, { headers: b.auth })).json();
    expect(me.id).toBe(b.user.id);
    expect(me.id).not.toBe(a.user.id);
  });
});
