// What the authorization server and the MCP resource refuse, over real HTTP: wrong audience,
// expired/revoked tokens, reused refresh tokens and codes, redirect URIs, PKCE, CIMD documents, CSRF.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTokens } from '@/db/schema';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { findClient } from '../clients';
import { CIMD_FAILURE_CACHE_S } from '../config';
import { listConnectedApps, revokeConnectedApp } from '../grants';
import { sha256Hex } from '../secrets';
import { driveConsent, pkcePair, signIn, authorizeUrl as authorizeUrlFor, tokenRequest as postToken } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const REDIRECT = 'https://agent.example/callback';

async function register(redirectUris: string[] = [REDIRECT], name = 'Refusal Agent') {
  const res = await fetch(`${app.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: redirectUris }),
  });
  return { res, body: await res.json() };
}

const authorizeUrl = (clientId: string, extra: Record<string, string | null> = {}, challenge = pkcePair().challenge) =>
  authorizeUrlFor(app.url, REDIRECT, clientId, { scope: 'account:read listings:write', ...extra }, challenge);
const tokenRequest = (params: Record<string, string>) => postToken(app.url, params);

/** A user, a registered client, a consented code and its tokens. */
async function authorized(resource?: string) {
  const account = await createAccount(db);
  const cookie = await signIn(db, account.user.id);
  const { body: client } = await register();
  const pkce = pkcePair();
  const { redirect } = await driveConsent(
    app.url,
    authorizeUrl(client.client_id, resource ? { resource } : {}, pkce.challenge),
    cookie,
  );
  const code = redirect.searchParams.get('code')!;
  const res = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: client.client_id,
    code_verifier: pkce.verifier,
  });
  return { account, cookie, client, code, pkce, tokens: await res.json(), status: res.status };
}

const callMe = (token: string) =>
  fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_account', arguments: {} },
    }),
  });

describe('discovery documents', () => {
  it('publishes RFC 9728 and RFC 8414 metadata', async () => {
    const prm = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${app.url}/mcp`, authorization_servers: [app.url] });
    // The REST API has its own (its 401 points there: a client following it asks for an /api/v1 token).
    const rest = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/api/v1`)).json();
    expect(rest).toMatchObject({ resource: `${app.url}/api/v1`, resource_name: 'Product Directory REST API' });
    const refused = await fetch(`${app.url}/api/v1/me`);
    expect(refused.headers.get('www-authenticate')).toContain(
      `resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
    );
    const as = await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: app.url,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      token_endpoint: `${app.url}/oauth/token`,
    });
  });
});

describe('registration', () => {
  it('keeps only the scopes this site has and says so in its answer (RFC 7591)', async () => {
    const post = async (scope: string) =>
      (
        await fetch(`${app.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_name: 'Scoped', redirect_uris: [REDIRECT], scope }),
        })
      ).json();
    expect((await post('openid account:read admin account:read')).scope).toBe('account:read');
    expect(await post('admin')).not.toHaveProperty('scope');
  });

  it('refuses a name the consent page would show reordered, and names an invisible one by its address', async () => {
    const spoof = await register([REDIRECT], 'Claude \u202eppa liaM');
    expect(spoof.res.status).toBe(400);
    expect(spoof.body).toMatchObject({ error: 'invalid_client_metadata' });
    expect(spoof.body.error_description).toContain('direction override (U+202E)');
    const blank = await register([REDIRECT], '\u200b\u200b');
    expect(blank.res.status).toBe(201);
    expect(blank.body.client_name).toBe('agent.example');
  });
});

describe('tokens', () => {
  it('names an unsupported or missing grant type before asking who the client is (RFC 6749 §5.2)', async () => {
    const password = await tokenRequest({ grant_type: 'password', username: 'a', password: 'b' });
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const none = await tokenRequest({ code: 'x' });
    expect(await none.json()).toMatchObject({ error: 'invalid_request', error_description: 'grant_type is required.' });
    const noClient = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' });
    expect(await noClient.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('issues a working, short-lived, hashed access token bound to /mcp', async () => {
    const { tokens, status } = await authorized();
    expect(status).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'account:read listings:write' });
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect((await callMe(tokens.access_token)).status).toBe(200);
    const [row] = await db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.hash, sha256Hex(tokens.access_token)));
    expect(row.resource).toBe(`${app.url}/mcp`);
    expect(JSON.stringify(row)).not.toContain(tokens.access_token);
  });

  it('refuses a token issued for another audience, both ways', async () => {
    const api = await authorized(`${app.url}/api/v1`);
    const atMcp = await callMe(api.tokens.access_token);
    expect(atMcp.status).toBe(401);
    expect(atMcp.headers.get('www-authenticate')).toContain('invalid_token');
    expect(
      (await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${api.tokens.access_token}` } })).status,
    ).toBe(200);
    const mcp = await authorized();
    const atRest = await fetch(`${app.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${mcp.tokens.access_token}` },
    });
    expect(atRest.status).toBe(401);
    // It says why and how to get one that works here.
    expect((await atRest.json()).detail).toBe(
      `This OAuth token was issued for ${app.url}/mcp: authorize the app again (/oauth/authorize) with resource=${app.url}/api/v1: a token or its refresh serves one resource (RFC 8707; see ${app.url}/.well-known/oauth-protected-resource/api/v1).`,
    );
    // Its refresh token cannot switch resources, so the advice is to authorize again.
    const switched = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: mcp.tokens.refresh_token,
      client_id: mcp.client.client_id,
      resource: `${app.url}/api/v1`,
    });
    expect(switched.status).toBe(400);
    expect((await switched.json()).error).toBe('invalid_target');
  });

  it('refuses an expired and a revoked access token', async () => {
    const a = await authorized();
    await db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTokens.hash, sha256Hex(a.tokens.access_token)));
    expect((await callMe(a.tokens.access_token)).status).toBe(401);

    const b = await authorized();
    // Another client cannot revoke it, and is told so (a 200 said it was revoked while it still worked).
    const { body: stranger } = await register();
    const refused = await fetch(`${app.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: b.tokens.access_token, client_id: stranger.client_id }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_request' });
    expect((await callMe(b.tokens.access_token)).status).toBe(200);
    const revoked = await fetch(`${app.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: b.tokens.access_token, client_id: b.client.client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await callMe(b.tokens.access_token)).status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when one is reused', async () => {
    const { tokens, client } = await authorized();
    const refresh = (t: string, extra: Record<string, string> = {}) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: t, client_id: client.client_id, ...extra });
    // A refresh refused for what it asks leaves the token unused (it burned it: the retry revoked all).
    expect((await refresh(tokens.refresh_token, { resource: 'http://evil.example/' })).status).toBe(400);
    expect((await refresh(tokens.refresh_token, { scope: 'account:read orders:write' })).status).toBe(400);
    expect((await callMe(tokens.access_token)).status).toBe(200);
    const rotated = await (await refresh(tokens.refresh_token)).json();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callMe(rotated.access_token)).status).toBe(200);

    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_grant');
    expect((await callMe(rotated.access_token)).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
  });

  it('accepts a code once, and revokes what it gave when it comes back', async () => {
    const { code, client, pkce, tokens } = await authorized();
    const second = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: pkce.verifier,
    });
    expect(second.status).toBe(400);
    expect((await second.json()).error).toBe('invalid_grant');
    expect((await callMe(tokens.access_token)).status).toBe(401);
  });

  it('keeps the scopes an app already had when it asks for one more (step-up)', async () => {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const { body: client } = await register();
    const grantFor = async (scope: string) => {
      const pkce = pkcePair();
      const { redirect, html } = await driveConsent(
        app.url,
        authorizeUrl(client.client_id, { scope }, pkce.challenge),
        cookie,
      );
      const res = await tokenRequest({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        client_id: client.client_id,
        code_verifier: pkce.verifier,
      });
      return { ...(await res.json()), html };
    };
    const first = await grantFor('account:read');
    expect(first.scope).toBe('account:read');
    expect(first.html).not.toContain('It keeps what you allowed it before');
    const second = await grantFor('orders:write');
    expect(second.scope.split(' ').sort()).toEqual(['account:read', 'orders:write']);
    // The consent page names what the token will carry besides what is asked (it showed orders:write only).
    const kept = second.html.slice(second.html.indexOf('It keeps what you allowed it before'));
    expect(kept).toContain('<b>account:read</b>');
    expect(kept).not.toContain('<b>orders:write</b>');
    // Asking again for a scope held already: nothing else is kept, nothing is listed twice.
    const third = await grantFor('account:read orders:write');
    expect(third.html).not.toContain('It keeps what you allowed it before');
    // Asking for less than it holds gets just that: a read-only token when read-only is asked.
    const fourth = await grantFor('account:read');
    expect(fourth.scope).toBe('account:read');
    expect(fourth.html).not.toContain('It keeps what you allowed it before');
  });

  it('refuses a wrong code_verifier', async () => {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const { body: client } = await register();
    const { redirect } = await driveConsent(app.url, authorizeUrl(client.client_id), cookie);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: pkcePair().verifier,
    });
    expect((await res.json()).error).toBe('invalid_grant');
  });

  it('ends every token when the user disconnects the app in the account area', async () => {
    const { account, tokens, client } = await authorized();
    const apps = await listConnectedApps(db, account.user.id);
    expect(apps).toMatchObject([
      { name: 'Refusal Agent', host: 'agent.example', scopes: ['account:read', 'listings:write'] },
    ]);
    await revokeConnectedApp(db, account.user.id, apps[0].id);
    expect((await callMe(tokens.access_token)).status).toBe(401);
    expect(
      (
        await tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: client.client_id,
        })
      ).status,
    ).toBe(400);
    expect(await listConnectedApps(db, account.user.id)).toEqual([]);
  });
});

describe('authorization requests', () => {
  it('shows an error (never redirects) for an unregistered redirect_uri or unknown client', async () => {
    const { body: client } = await register();
    const wrong = await fetch(authorizeUrl(client.client_id, { redirect_uri: 'https://attacker.example/cb' }), {
      redirect: 'manual',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('location')).toBeNull();
    const unknown = await fetch(authorizeUrl('pdc_nope'), { redirect: 'manual' });
    expect(unknown.status).toBe(400);
  });

  it('refuses missing and plain PKCE with invalid_request and returns state unchanged', async () => {
    const { client, cookie } = await authorized(); // a client this user allowed: its errors go back to it
    const state = 'a b&c=d/é';
    const missing = await fetch(
      authorizeUrl(client.client_id, { code_challenge: null, code_challenge_method: null, state }),
      { redirect: 'manual', headers: { cookie } },
    );
    const loc = new URL(missing.headers.get('location')!);
    expect(loc.searchParams.get('error')).toBe('invalid_request');
    expect(loc.searchParams.get('state')).toBe(state);
    const plain = await fetch(authorizeUrl(client.client_id, { code_challenge_method: 'plain' }), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('sends a signed-out user to sign in and back', async () => {
    const { body: client } = await register();
    const res = await fetch(authorizeUrl(client.client_id), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location')!, app.url);
    expect(loc.pathname).toBe('/signin');
    expect(loc.searchParams.get('callbackUrl')).toMatch(/^\/oauth\/authorize\?/);
  });

  it('returns access_denied with the state when the user denies', async () => {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const { body: client } = await register();
    const { redirect } = await driveConsent(
      app.url,
      authorizeUrl(client.client_id, { state: 'keep-me' }),
      cookie,
      'deny',
    );
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('keep-me');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('refuses a cross-site consent post and a consent of another user', async () => {
    const alice = await createAccount(db);
    const bob = await createAccount(db);
    const aliceCookie = await signIn(db, alice.user.id);
    const { body: client } = await register();
    const html = await (await fetch(authorizeUrl(client.client_id), { headers: { cookie: aliceCookie } })).text();
    const id = /name="consent_id" value="([^"]+)"/.exec(html)![1];
    const post = (cookie: string, origin: string) =>
      fetch(`${app.url}/oauth/authorize`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ consent_id: id, decision: 'allow' }),
        redirect: 'manual',
      });
    expect((await post(aliceCookie, 'https://evil.example')).status).toBe(403);
    const asBob = await post(await signIn(db, bob.user.id), app.url);
    expect(asBob.status).toBe(400);
    expect(asBob.headers.get('location')).toBeNull();
    expect((await post(aliceCookie, app.url)).status).toBe(303); // still usable by its own user
  });

  it('refuses registrations with unsafe redirect URIs', async () => {
    expect((await register(['http://agent.example/cb'])).res.status).toBe(400);
    expect((await register(['javascript:alert(1)'])).body.error).toBe('invalid_redirect_uri');
    expect((await register(['http://127.0.0.1:5000/cb'])).res.status).toBe(201);
  });
});

describe('client ID metadata documents', () => {
  const docs = new Map<string, (url: string) => { status: number; body: string; headers?: Record<string, string> }>();
  const server = http.createServer((req, res) => {
    const url = `${base}${req.url}`;
    const make = docs.get(req.url ?? '');
    const out = make ? make(url) : { status: 404, body: 'no' };
    res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
    res.end(out.body);
  });
  let base = '';
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
  const doc = (clientId: string, extra: object = {}) =>
    JSON.stringify({ client_id: clientId, client_name: 'Doc Agent', redirect_uris: [REDIRECT], ...extra });
  const open = (clientId: string) => fetch(authorizeUrl(clientId), { redirect: 'manual' });

  it('refuses a document whose client_id differs, a redirect, one over 5 KB, and a private address', async () => {
    docs.set('/mismatch.json', (url) => ({ status: 200, body: doc(`${url}?x=1`) }));
    docs.set('/moved.json', () => ({ status: 302, body: '', headers: { location: '/ok.json' } }));
    docs.set('/big.json', (url) => ({ status: 200, body: doc(url, { padding: 'x'.repeat(6000) }) }));
    for (const path of ['/mismatch.json', '/moved.json', '/big.json']) {
      const res = await open(`${base}${path}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    const privateDoc = await open('https://10.0.0.1/client.json');
    expect(privateDoc.status).toBe(400);
    expect(await privateDoc.text()).toContain('private');
  });

  it('refuses a redirect_uri the document does not list, and caches errors only briefly', async () => {
    let broken = true;
    docs.set('/flaky.json', (url) => (broken ? { status: 500, body: '{}' } : { status: 200, body: doc(url) }));
    expect((await open(`${base}/flaky.json`)).status).toBe(400);
    broken = false;
    expect((await open(`${base}/flaky.json`)).status).toBe(400); // remembered for CIMD_FAILURE_CACHE_S
    await findClient(db, `${base}/flaky.json`, new Date(Date.now() + (CIMD_FAILURE_CACHE_S + 1) * 1000));
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const page = await fetch(authorizeUrl(`${base}/flaky.json`), { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const other = await fetch(authorizeUrl(`${base}/flaky.json`, { redirect_uri: 'https://agent.example/other' }), {
      redirect: 'manual',
    });
    expect(other.status).toBe(400);
  });
});
