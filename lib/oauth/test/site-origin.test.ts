// Which origin the OAuth face speaks for (docs/security.md): a site on a loopback name answers under every
// loopback name, and an https site accepts only the __Secure- session cookie on the consent page.
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { pkcePair, signIn } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp(); // listens on http://127.0.0.1:<port>
const port = new URL(app.url).port;
const before = process.env.APP_URL;
afterEach(() => {
  if (before === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = before;
});

const metadata = async () => (await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`)).json();

describe('protected resource metadata on loopback', () => {
  it('names the loopback origin the client used when the site is configured on localhost', async () => {
    process.env.APP_URL = `http://localhost:${port}`; // what `npm start` sets when APP_URL is not given
    expect(await metadata()).toMatchObject({ resource: `${app.url}/mcp`, authorization_servers: [app.url] });
    const as = await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json();
    expect(as.issuer).toBe(app.url);
  });

  it('keeps APP_URL for a public site and for another loopback port', async () => {
    process.env.APP_URL = 'https://directory.example';
    expect((await metadata()).resource).toBe('https://directory.example/mcp');
    process.env.APP_URL = `http://localhost:${Number(port) + 1}`;
    expect((await metadata()).resource).toBe(`http://localhost:${Number(port) + 1}/mcp`);
  });
});

describe('the session cookie on an https site', () => {
  async function consentStatus(cookieName: string, resource = 'https://directory.example/mcp') {
    const account = await createAccount(db);
    const cookie = (await signIn(db, account.user.id)).replace(/^authjs\.session-token=/, `${cookieName}=`);
    const reg = await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Cookie Agent', redirect_uris: ['https://agent.example/cb'] }),
    });
    const { client_id } = await reg.json();
    const url = new URL(`${app.url}/oauth/authorize`);
    const params = {
      response_type: 'code',
      client_id,
      redirect_uri: 'https://agent.example/cb',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      resource,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location') };
  }

  it('ignores a plain authjs.session-token (it could have been planted over http)', async () => {
    process.env.APP_URL = 'https://directory.example';
    const plain = await consentStatus('authjs.session-token');
    expect(plain.status).toBe(302);
    expect(plain.location).toMatch(/^\/signin\?/);
    expect((await consentStatus('__Secure-authjs.session-token')).status).toBe(200);
  });

  it('accepts the plain cookie on an http site', async () => {
    process.env.APP_URL = `http://localhost:${port}`;
    expect((await consentStatus('authjs.session-token', `${app.url}/mcp`)).status).toBe(200);
  });
});
