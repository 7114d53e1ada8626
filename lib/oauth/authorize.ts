// /oauth/authorize: validate the request (code + PKCE S256 only, exact redirect URI), make sure
// the user is signed in on the site, show the consent page, and answer the decision with a code.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthConsentRequests } from '@/db/schema';
import { SCOPES, isScope, type Scope } from '@/lib/auth/principal';
import { CONSENT_TTL_S, mcpResource, resources } from './config';
import { clientIdentity, findClient, isLoopbackUri, type OAuthClient } from './clients';
import { OAuthFailure } from './oauth-error';
import { consentPage, errorPage } from './pages';
import { isValidChallenge, randomToken } from './secrets';
import { userFromRequest, signInUrl } from './session-user';
import { grantedScopes, upsertGrant } from './grants';
import { createCode } from './tokens';
import { readBodyText } from '@/lib/http/read-body';
import { sentByAnotherSite } from '@/lib/site/cross-site';

type Ctx = { db: Db; baseUrl: string; now?: Date };

function redirectTo(redirectUri: string, params: Record<string, string | null | undefined>, status = 302): Response {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  return new Response(null, {
    status,
    headers: { location: url.toString(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

function redirectOrigin(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

export function parseScopes(raw: string | null): Scope[] {
  if (raw === null || raw.trim() === '') return [...SCOPES];
  const known = [...new Set(raw.split(/\s+/).filter(isScope))];
  if (known.length === 0) throw new OAuthFailure('invalid_scope', `Ask for one or more of: ${SCOPES.join(', ')}.`);
  return known;
}

export async function handleAuthorizeGet(request: Request, ctx: Ctx): Promise<Response> {
  const url = new URL(request.url);
  const q = (k: string) => url.searchParams.get(k);
  const clientId = q('client_id') ?? '';
  let client: OAuthClient | null;
  try {
    client = await findClient(ctx.db, clientId, ctx.now);
  } catch (err) {
    if (err instanceof OAuthFailure) return errorPage('This app cannot connect', err.description);
    throw err;
  }
  // Until the client and redirect URI are known to match, errors are shown here, never redirected.
  if (!client) return errorPage('Unknown app', 'The app is not registered with this site (unknown client_id).');
  const redirectUri = q('redirect_uri');
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return errorPage(
      'Wrong return address',
      'The redirect_uri is missing or is not one the app registered (it must match exactly).',
    );
  }
  const state = q('state');
  // A client this user has not allowed could be anyone's: its errors stay on this page rather than
  // sending the browser to its redirect URI (RFC 9700 §4.11.2, open redirector). That holds for a
  // client named by its metadata document's URL too: anyone can publish one, with any redirect URI.
  // A return address on this very machine (a native app's loopback listener, RFC 8252 §7.3) leads
  // nowhere an attacker can serve a page from, and the app waiting there must learn the flow failed.
  // "Allowed" is this visitor's own grant: anyone can allow their own client once, and a link to this
  // site would then bounce every other visitor to the client's address.
  const user = await userFromRequest(ctx.db, request, ctx.now);
  const trusted =
    isLoopbackUri(redirectUri) || (user !== null && (await grantedScopes(ctx.db, user.id, client.id)).length > 0);
  const fail = (error: string, description: string) =>
    trusted
      ? redirectTo(redirectUri, { error, error_description: description, state, iss: ctx.baseUrl })
      : errorPage('This app cannot connect', `${description} (${error})`);

  if (q('response_type') !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const challenge = q('code_challenge');
  if (!challenge)
    return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  if (q('code_challenge_method') !== 'S256')
    return fail('invalid_request', 'Only the S256 code_challenge_method is supported (plain is refused).');
  if (!isValidChallenge(challenge))
    return fail('invalid_request', 'code_challenge must be 43 base64url characters (S256).');
  let scopes: Scope[];
  try {
    scopes = parseScopes(q('scope'));
  } catch (err) {
    return fail('invalid_scope', (err as OAuthFailure).description);
  }
  const resource = q('resource') ?? mcpResource(ctx.baseUrl);
  if (!resources(ctx.baseUrl).includes(resource))
    return fail('invalid_target', `Tokens are issued for ${resources(ctx.baseUrl).join(' or ')} only.`);

  if (!user) {
    return new Response(null, {
      status: 302,
      headers: { location: signInUrl(`${url.pathname}${url.search}`), 'cache-control': 'no-store' },
    });
  }
  const now = ctx.now ?? new Date();
  const consentId = randomToken(24);
  await ctx.db.insert(oauthConsentRequests).values({
    id: consentId,
    userId: user.id,
    clientId: client.id,
    redirectUri,
    scopes,
    resource,
    codeChallenge: challenge,
    state,
    expiresAt: new Date(now.getTime() + CONSENT_TTL_S * 1000),
  });
  const identity = clientIdentity(client);
  return consentPage({
    consentId,
    clientName: client.name,
    host: identity.host,
    redirectHosts: identity.redirectHosts,
    localOnly: identity.localOnly,
    verifiedById: client.kind === 'metadata_document',
    scopes,
    // Asking for a scope the app does not hold yet is a step-up: the token keeps what it had, and the
    // page names it. Asking only for scopes it holds gives a token of just those (a read-only token).
    kept: keptOnStepUp(await grantedScopes(ctx.db, user.id, client.id), scopes),
    userEmail: user.email,
    redirectOrigin: redirectOrigin(redirectUri),
  });
}

export async function handleAuthorizePost(request: Request, ctx: Ctx): Promise<Response> {
  // A cross-site form post is refused even before the session is looked at (CSRF).
  if (sentByAnotherSite(request.headers, [new URL(ctx.baseUrl).origin, new URL(request.url).origin]))
    return errorPage('Request refused', 'This form can only be sent from this site.', 403);
  // The consent form is two short fields: read at most 16 KB (413 beyond), url-encoded only.
  const form = new URLSearchParams(await readBodyText(request, 16 * 1024));
  const consentId = form.get('consent_id');
  const decision = form.get('decision');
  if (typeof consentId !== 'string' || (decision !== 'allow' && decision !== 'deny'))
    return errorPage('Incomplete request', 'Choose Allow access or Deny on the consent page.');
  const user = await userFromRequest(ctx.db, request, ctx.now);
  if (!user) return errorPage('Signed out', 'Your session ended. Start connecting the app again.', 401);
  const now = ctx.now ?? new Date();
  // Single use: the consent request is deleted as it is read, and only its own user can use it.
  const [consent] = await ctx.db
    .delete(oauthConsentRequests)
    .where(
      and(
        eq(oauthConsentRequests.id, consentId),
        eq(oauthConsentRequests.userId, user.id),
        gt(oauthConsentRequests.expiresAt, now),
      ),
    )
    .returning();
  if (!consent)
    return errorPage(
      'This request has expired',
      'The consent page was already used or is too old. Start connecting the app again.',
    );
  const base = { state: consent.state, iss: ctx.baseUrl };
  if (decision === 'deny')
    return redirectTo(
      consent.redirectUri,
      { error: 'access_denied', error_description: 'The user denied access.', ...base },
      303,
    );
  // Step-up (a 403 insufficient_scope asks for one more scope) keeps what the app already had; a
  // request within what it holds gets just what it asked for.
  const kept = keptOnStepUp(await grantedScopes(ctx.db, user.id, consent.clientId), consent.scopes as Scope[]);
  const grant = await upsertGrant(ctx.db, user.id, consent.clientId, consent.scopes as Scope[], now);
  const code = await createCode(
    ctx.db,
    {
      grantId: grant.id,
      clientId: consent.clientId,
      userId: user.id,
      redirectUri: consent.redirectUri,
      codeChallenge: consent.codeChallenge,
      scopes: grant.scopes.filter((sc) => consent.scopes.includes(sc) || kept.includes(sc)),
      resource: consent.resource,
    },
    now,
  );
  return redirectTo(consent.redirectUri, { code, ...base }, 303);
}

/** The scopes a token keeps beyond those asked for: all the app held, when it asks for one it does not hold. */
function keptOnStepUp(granted: Scope[], asked: Scope[]): Scope[] {
  return asked.some((s) => !granted.includes(s)) ? granted.filter((s) => !asked.includes(s)) : [];
}
