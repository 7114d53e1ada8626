// Test helpers for the OAuth flow: a signed-in browser session, driving the consent page over HTTP,
// and a v1 SDK OAuthClientProvider kept in memory.
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';

/** A database session as Auth.js creates it; the cookie a browser would send with it. */
export async function signIn(db: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await db.insert(sessions).values({ sessionToken: token, userId, expires: new Date(Date.now() + 86_400_000) });
  return `authjs.session-token=${token}`;
}

/** Opens the consent page with the session cookie and presses a button; returns where it redirects. */
export async function driveConsent(
  baseUrl: string,
  authorizationUrl: URL | string,
  cookie: string,
  decision: 'allow' | 'deny' = 'allow',
) {
  const page = await fetch(authorizationUrl, { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  const id = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !id)
    throw new Error(`no consent page (${page.status}): ${html.slice(0, 300)} ${page.headers.get('location') ?? ''}`);
  const res = await fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ consent_id: id, decision }),
    redirect: 'manual',
  });
  return { page, html, redirect: new URL(res.headers.get('location')!), status: res.status };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  lastAuthorizationUrl?: URL;
  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata,
    preset?: OAuthClientInformationMixed,
  ) {
    this.info = preset;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.lastAuthorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** An /oauth/authorize URL for a test client; `null` in `extra` leaves a parameter out. */
export function authorizeUrl(
  baseUrl: string,
  redirectUri: string,
  clientId: string,
  extra: Record<string, string | null> = {},
  challenge = pkcePair().challenge,
) {
  const url = new URL(`${baseUrl}/oauth/authorize`);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url;
}

/** A form-encoded POST to /oauth/token. */
export const tokenRequest = (baseUrl: string, params: Record<string, string>) =>
  fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
