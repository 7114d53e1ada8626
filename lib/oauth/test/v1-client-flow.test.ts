// The v1 SDK client's own OAuth flow against the running app: discovery → registration (dynamic, or
// a client ID metadata document on loopback) → authorize with PKCE (consent driven over HTTP with a
// signed-in session) → token → tool call → refresh.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { oauthClients, oauthTokens } from '@/db/schema';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { sha256Hex } from '../secrets';
import { driveConsent, MemoryProvider, signIn } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const mcpUrl = new URL(`${app.url}/mcp`);
const REDIRECT = 'http://127.0.0.1:1/callback';

/** Runs the whole flow with a provider; returns the connected client and what happened. */
async function connectWithOAuth(provider: MemoryProvider, cookie: string) {
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(transport); // initialize and tools/list need no sign-in
  await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
  const authUrl = provider.lastAuthorizationUrl!;
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('resource')).toBe(mcpUrl.toString());
  const consent = await driveConsent(app.url, authUrl, cookie);
  expect(consent.status).toBe(303);
  expect(consent.redirect.origin + consent.redirect.pathname).toBe(REDIRECT);
  expect(consent.redirect.searchParams.get('state')).toBe(authUrl.searchParams.get('state'));
  await transport.finishAuth(consent.redirect.searchParams.get('code')!);
  return { client, transport, consent };
}

async function expireAccessToken(accessToken: string) {
  await db
    .update(oauthTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oauthTokens.hash, sha256Hex(accessToken)));
}

describe('v1 client OAuth with dynamic client registration', () => {
  it('discovers, registers, authorizes with PKCE, calls a protected tool and refreshes', async () => {
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    const provider = new MemoryProvider(REDIRECT, {
      client_name: 'Test Agent',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const { client, consent } = await connectWithOAuth(provider, cookie);
    expect(provider.info?.client_id).toMatch(/^pdc_/);
    expect(consent.html).toContain('Test Agent');
    expect(consent.html).toContain('Allow access');
    expect(consent.html).toContain('This app runs on a computer, not a website.'); // only a loopback redirect: the warning is shown
    expect(consent.page.headers.get('x-frame-options')).toBe('DENY');
    expect(consent.page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const me = await client.callTool({ name: 'get_account', arguments: {} });
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({
      id: account.user.id,
      auth: { kind: 'oauth', credential_name: 'Test Agent' },
    });

    // The access token runs out: the client refreshes (rotation) and the call goes through.
    const first = provider.saved!;
    await expireAccessToken(first.access_token);
    const again = await client.callTool({ name: 'get_account', arguments: {} });
    expect(again.isError).toBeFalsy();
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    expect(provider.saved!.access_token).not.toBe(first.access_token);
    await client.close();
  });
});

describe('v1 client OAuth with a client ID metadata document on loopback', () => {
  let documentUrl = '';
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        client_id: documentUrl,
        client_name: 'Loopback Agent',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  const before = process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;
  afterAll(() => {
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = before;
    server.close();
  });

  it('fetches the document, shows its host on the consent page and completes the flow', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    documentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '127.0.0.1'; // this test's own loopback document only
    const account = await createAccount(db);
    const cookie = await signIn(db, account.user.id);
    // The v1 SDK only announces https document URLs itself; a loopback one is given as its client id.
    const provider = new MemoryProvider(
      REDIRECT,
      { client_name: 'Loopback Agent', redirect_uris: [REDIRECT] },
      { client_id: documentUrl },
    );
    const { client, consent } = await connectWithOAuth(provider, cookie);
    expect(consent.html).toContain('Loopback Agent');
    expect(consent.html).toContain(`127.0.0.1:${new URL(documentUrl).port}`);
    const me = await client.callTool({ name: 'get_account', arguments: {} });
    expect(me.structuredContent).toMatchObject({ id: account.user.id, auth: { kind: 'oauth' } });
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, documentUrl));
    expect(row.kind).toBe('metadata_document');
    await client.close();
  });
});
