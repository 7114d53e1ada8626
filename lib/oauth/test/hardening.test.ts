// Abuse paths of the authorization server (docs/security.md), each reproduced
// over real HTTP against the app: body caps, unused-client purge and cap, the consent page of a
// metadata-document client, errors of never-allowed clients, per-IP limits, CIMD failure caching,
// and a refresh racing "disconnect app".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthClients, oauthGrants, oauthTokens, rateLimits } from '@/db/schema';
import { purgeExpired } from '@/lib/housekeeping/purge';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { findClient } from '../clients';
import { AUTHORIZE_RATE_LIMIT, OAUTH_MAX_BODY_BYTES } from '../endpoints';
import { listConnectedApps, revokeConnectedApp } from '../grants';
import { authorizeUrl as authorizeUrlFor, driveConsent, pkcePair, signIn, tokenRequest as postToken } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const REDIRECT = 'https://agent.example/callback';

async function register(redirectUris: string[] = [REDIRECT]) {
  const res = await fetch(`${app.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Hardening Agent', redirect_uris: redirectUris }),
  });
  return { res, body: await res.json() };
}

const authorizeUrl = (clientId: string, extra: Record<string, string | null> = {}) =>
  authorizeUrlFor(app.url, REDIRECT, clientId, extra);
const tokenRequest = (params: Record<string, string>) => postToken(app.url, params);

/** A body that arrives in chunks with no Content-Length (so only a streamed cap can stop it). */
function chunked(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = new TextEncoder().encode('a'.repeat(Math.min(16 * 1024, totalBytes - sent)));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { origin: app.url, ...headers },
    body,
    redirect: 'manual',
    duplex: 'half',
  } as RequestInit);

describe('request bodies (item 7)', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const json = { 'content-type': 'application/json' };

  it('answers 413 to an over-long declared body on /oauth/token, /oauth/register and /oauth/authorize', async () => {
    const big = `client_id=x&grant_type=refresh_token&refresh_token=${'a'.repeat(OAUTH_MAX_BODY_BYTES)}`;
    const token = await post('/oauth/token', big, form);
    expect(token.status).toBe(413);
    expect((await token.json()).error).toBe('invalid_request');
    const registration = await post(
      '/oauth/register',
      JSON.stringify({ redirect_uris: [REDIRECT], client_name: 'x'.repeat(2 * 1024 * 1024) }),
      json,
    );
    expect(registration.status).toBe(413);
    const consent = await post('/oauth/authorize', `consent_id=${'a'.repeat(64 * 1024)}&decision=allow`, form);
    expect(consent.status).toBe(413);
  });

  it('stops reading a chunked body once it passes the cap', async () => {
    for (const path of ['/oauth/token', '/oauth/register', '/oauth/authorize']) {
      const res = await post(path, chunked(4 * 1024 * 1024), path === '/oauth/register' ? json : form);
      expect(res.status, path).toBe(413);
    }
  });
});

describe('dynamic clients nobody allowed (item 8)', () => {
  it('are deleted by housekeeping after a day, while a client with a grant stays', async () => {
    const account = await createAccount(db);
    const { body: unused } = await register();
    const { body: fresh } = await register();
    const { body: used } = await register();
    await db
      .insert(oauthGrants)
      .values({ userId: account.user.id, clientId: used.client_id, scopes: ['account:read'] });
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await db
      .update(oauthClients)
      .set({ createdAt: dayAgo })
      .where(inArray(oauthClients.id, [unused.client_id, used.client_id]));

    await purgeExpired(db);
    const left = await db
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(inArray(oauthClients.id, [unused.client_id, fresh.client_id, used.client_id]));
    expect(left.map((c) => c.id).sort()).toEqual([fresh.client_id, used.client_id].sort());
    const gone = await fetch(authorizeUrl(unused.client_id), { redirect: 'manual' });
    expect(await gone.text()).toContain('unknown client_id');
  });

  it('are capped: registration is refused once too many wait for their first grant', async () => {
    const before = process.env.OAUTH_MAX_UNUSED_CLIENTS;
    const granted = db.select({ id: oauthGrants.clientId }).from(oauthGrants);
    const waiting = await db
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(and(eq(oauthClients.kind, 'dynamic'), notInArray(oauthClients.id, granted)));
    process.env.OAUTH_MAX_UNUSED_CLIENTS = String(waiting.length + 2);
    try {
      expect((await register()).res.status).toBe(201);
      expect((await register()).res.status).toBe(201);
      const refused = await register();
      expect(refused.res.status).toBe(503);
      expect(refused.body.error).toBe('temporarily_unavailable');
    } finally {
      process.env.OAUTH_MAX_UNUSED_CLIENTS = before;
    }
  });
});

describe('errors of a self-registered client without a grant (item 11)', () => {
  it('are shown on the page, never redirected to its redirect URI', async () => {
    const { body: client } = await register();
    const res = await fetch(authorizeUrl(client.client_id, { code_challenge_method: 'plain', state: 'x' }), {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('S256');
  });

  it('are redirected when the client returns to a loopback address (a native app waits there)', async () => {
    const loopback = 'http://127.0.0.1:9998/cb';
    const { body: client } = await register([loopback]);
    for (const [extra, error] of [
      [{ code_challenge: null }, 'invalid_request'],
      [{ scope: 'admin' }, 'invalid_scope'],
      [{ resource: 'https://evil.example/' }, 'invalid_target'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const res = await fetch(authorizeUrlFor(app.url, loopback, client.client_id, { ...extra, state: 'x' }), {
        redirect: 'manual',
      });
      expect(res.status, error).toBe(302);
      const loc = new URL(res.headers.get('location')!);
      expect(loc.origin + loc.pathname).toBe(loopback);
      expect(Object.fromEntries(loc.searchParams)).toMatchObject({ error, state: 'x', iss: app.url });
    }
  });

  it('the consent page of a loopback client names the address it returns to, and claims nothing about passwords', async () => {
    const loopback = 'http://127.0.0.1:9997/cb';
    const { body: client } = await register([loopback]);
    const cookie = await signIn(db, (await createAccount(db)).user.id);
    const page = await (
      await fetch(authorizeUrlFor(app.url, loopback, client.client_id), { headers: { cookie } })
    ).text();
    expect(page).toContain('This app runs on a computer, not a website.');
    expect(page).toContain('sends you back to this computer (<span class="host">127.0.0.1:9997</span>)');
    expect(page).not.toMatch(/password/i); // sign-in is by emailed link: there is none
  });

  it('are redirected for the user who allowed the client, and shown on the page to anyone else', async () => {
    const account = await createAccount(db);
    const { body: client } = await register();
    const cookie = await signIn(db, account.user.id);
    await driveConsent(app.url, authorizeUrl(client.client_id), cookie);
    const bad = authorizeUrl(client.client_id, { code_challenge_method: 'plain', state: 'x' });
    // The client's owner allowed it once: a link to this site must not send everyone else there.
    const stranger = await signIn(db, (await createAccount(db)).user.id);
    for (const headers of [{}, { cookie: stranger }] as Record<string, string>[]) {
      const shown = await fetch(bad, { redirect: 'manual', headers });
      expect(shown.status).toBe(400);
      expect(shown.headers.get('location')).toBeNull();
    }
    const res = await fetch(bad, { redirect: 'manual', headers: { cookie } });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe(REDIRECT);
    expect(loc.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('refresh racing "disconnect app" (item 14)', () => {
  async function authorized() {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const { body: client } = await register();
    const pkce = pkcePair();
    const url = authorizeUrl(client.client_id, { code_challenge: pkce.challenge });
    const { redirect } = await driveConsent(app.url, url, cookie);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: pkce.verifier,
    });
    return { account, client, tokens: await res.json() };
  }

  it('mints nothing once the grant is revoked, even while its refresh token is still live', async () => {
    // The moment inside "disconnect app" after the grant is revoked and before its tokens are.
    const { account, client, tokens } = await authorized();
    const [app0] = await listConnectedApps(db, account.user.id);
    await db.update(oauthGrants).set({ revokedAt: new Date() }).where(eq(oauthGrants.id, app0.id));
    const res = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_grant');
    const live = await db.select().from(oauthTokens).where(eq(oauthTokens.grantId, app0.id));
    expect(live.filter((t) => !t.revokedAt && !t.usedAt && t.kind === 'refresh')).toHaveLength(0);
  });

  it('leaves no live token when refreshes and the disconnect run at the same time', async () => {
    const { account, client, tokens } = await authorized();
    const [app0] = await listConnectedApps(db, account.user.id);
    const refresh = tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    await Promise.all([refresh, revokeConnectedApp(db, account.user.id, app0.id)]);
    const rows = await db.select().from(oauthTokens).where(eq(oauthTokens.grantId, app0.id));
    expect(rows.filter((t) => !t.revokedAt)).toEqual([]);
    const after = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect(after.status).toBe(400);
  });
});

describe('client ID metadata documents (items 10, 12)', () => {
  let fetches = 0;
  let broken = true;
  let base = '';
  const server = http.createServer((req, res) => {
    fetches++;
    const url = `${base}${req.url}`;
    const redirects: Record<string, string[]> = {
      '/elsewhere.json': [REDIRECT],
      '/local.json': [`${base}/callback`],
      '/flaky.json': [REDIRECT],
    };
    if (req.url === '/flaky.json' && broken) return void res.writeHead(500).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        client_id: url,
        client_name: 'Doc Agent',
        redirect_uris: redirects[req.url ?? ''] ?? [REDIRECT],
      }),
    );
  });
  const before = process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '127.0.0.1';
  });
  afterAll(() => {
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = before;
    server.close();
  });

  it('the consent page shows where the app sends the user back, and warns when that is another host', async () => {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const elsewhere = await (await fetch(authorizeUrl(`${base}/elsewhere.json`), { headers: { cookie } })).text();
    expect(elsewhere).toContain(new URL(base).host);
    expect(elsewhere).toContain('<span class="host">agent.example</span>');
    expect(elsewhere).toContain('sends you back to a different site');

    const local = await (
      await fetch(authorizeUrl(`${base}/local.json`, { redirect_uri: `${base}/callback` }), { headers: { cookie } })
    ).text();
    expect(local).toContain('Allow access');
    expect(local).not.toContain('different site');
  });

  it("a document's client no user has allowed gets its errors on the page: anyone can publish a document", async () => {
    const res = await fetch(authorizeUrl(`${base}/elsewhere.json`, { response_type: 'token', state: 's' }), {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('response_type=code');
    // Returning to a loopback address, its errors go there (a native app waits for them).
    const loopback = await fetch(
      authorizeUrlFor(app.url, `${base}/callback`, `${base}/local.json`, { response_type: 'token', state: 's' }),
      { redirect: 'manual' },
    );
    expect(loopback.status).toBe(302);
    expect(new URL(loopback.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('remembers a failed document briefly instead of fetching it on every request', async () => {
    const id = `${base}/flaky.json`;
    fetches = 0;
    expect((await fetch(authorizeUrl(id), { redirect: 'manual' })).status).toBe(400);
    broken = false;
    expect((await fetch(authorizeUrl(id), { redirect: 'manual' })).status).toBe(400);
    expect(fetches).toBe(1);
    // after the short failure window it is fetched again, and works
    expect(await findClient(db, id, new Date(Date.now() + 60_000))).toMatchObject({ id, kind: 'metadata_document' });
    expect(fetches).toBe(2);
  });

  it('limits /oauth/authorize per client IP', async () => {
    // This IP has used all but one request of the current window.
    const { limit, windowMs } = AUTHORIZE_RATE_LIMIT;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    await db
      .insert(rateLimits)
      .values({ key: 'oauth_authorize:127.0.0.1', windowStart, count: limit - 1 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart, count: limit - 1 } });
    fetches = 0;
    expect((await fetch(authorizeUrl(`${base}/one.json`), { redirect: 'manual' })).status).toBe(302); // to sign in
    const refused = await fetch(authorizeUrl(`${base}/two.json`), { redirect: 'manual' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('location')).toBeNull();
    expect(fetches).toBe(1); // the refused request fetched nothing
  });
});
