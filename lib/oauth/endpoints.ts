// The token, registration and revocation endpoints and the two discovery documents. They take no
// cookies, so browser-based MCP clients may call them cross-origin (CORS *).
import type { Db } from '@/db/client';
import { getDb } from '@/db/client';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';
import { AppError } from '@/lib/errors/app-error';
import { clientIp } from '@/lib/client-ip';
import { readBodyText } from '@/lib/http/read-body';
import { publicBaseUrl } from '@/lib/site/site';
import { handleAuthorizeGet, handleAuthorizePost } from './authorize';
import { apiResource, authorizationServerMetadata, protectedResourceMetadata } from './config';
import { errorPage } from './pages';
import { registerClient, type ClientMetadata } from './clients';
import { OAuthFailure, oauthErrorResponse, oauthJson } from './oauth-error';
import { exchangeCode, refreshTokens, revokeToken } from './tokens';

export type EndpointOptions = { db?: Db; now?: () => Date };

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-max-age': '600',
};

export const preflight = () => new Response(null, { status: 204, headers: CORS });

function withCors(res: Response): Response {
  for (const [k, v] of Object.entries(CORS)) res.headers.set(k, v);
  return res;
}

function metadataResponse(body: unknown): Response {
  return withCors(
    new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    }),
  );
}

export const handleAuthorizationServerMetadata = (request: Request) =>
  metadataResponse(authorizationServerMetadata(publicBaseUrl(request.url)));
export const handleProtectedResourceMetadata = (request: Request) =>
  metadataResponse(protectedResourceMetadata(publicBaseUrl(request.url)));

/** The REST API's metadata: tokens for /api/v1 are asked with resource=<base>/api/v1. */
export const handleRestResourceMetadata = (request: Request) => {
  const baseUrl = publicBaseUrl(request.url);
  return metadataResponse(protectedResourceMetadata(baseUrl, apiResource(baseUrl)));
};

/** The largest body an OAuth endpoint reads (token, revocation, registration); more is a 413. */
export const OAUTH_MAX_BODY_BYTES = 64 * 1024;
/** Requests to /oauth/authorize per client IP per minute (each may fetch a client metadata document). */
export const AUTHORIZE_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

/** Token and revocation requests are form-encoded (RFC 6749); JSON is accepted too. */
async function readParams(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  const text = await readBodyText(request, OAUTH_MAX_BODY_BYTES);
  if (type.includes('application/json')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(json).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >;
    } catch {
      throw new OAuthFailure('invalid_request', 'The body is not valid JSON.');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Public clients name themselves by client_id (in the body, or as a Basic username without secret). */
function clientIdOf(request: Request, params: Record<string, string>): string {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  const fromBasic = basic
    ? decodeURIComponent(Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? '')
    : '';
  const id = params.client_id || fromBasic;
  if (!id) throw new OAuthFailure('invalid_client', 'client_id is required.', 401);
  return id;
}

async function guard(fn: () => Promise<Response>): Promise<Response> {
  try {
    return withCors(await fn());
  } catch (err) {
    if (err instanceof OAuthFailure) return withCors(oauthErrorResponse(err));
    if (err instanceof AppError && err.code === 'rate_limited')
      return withCors(
        oauthJson({ error: 'temporarily_unavailable', error_description: err.message }, 429, err.headers),
      );
    if (err instanceof AppError && err.code === 'payload_too_large')
      return withCors(oauthJson({ error: 'invalid_request', error_description: err.message }, 413));
    console.error('[oauth]', err);
    return withCors(oauthJson({ error: 'server_error', error_description: 'Something went wrong on our side.' }, 500));
  }
}

export function handleToken(request: Request, opts: EndpointOptions = {}): Promise<Response> {
  return guard(async () => {
    const db = opts.db ?? (await getDb());
    const now = opts.now?.() ?? new Date();
    const p = await readParams(request);
    // What is asked comes first (RFC 6749 §5.2): a password grant is unsupported, whoever asks.
    if (!p.grant_type) throw new OAuthFailure('invalid_request', 'grant_type is required.');
    if (p.grant_type !== 'authorization_code' && p.grant_type !== 'refresh_token')
      throw new OAuthFailure('unsupported_grant_type', 'Use grant_type authorization_code or refresh_token.');
    const clientId = clientIdOf(request, p);
    if (p.grant_type === 'authorization_code') {
      if (!p.code || !p.redirect_uri || !p.code_verifier)
        throw new OAuthFailure('invalid_request', 'code, redirect_uri and code_verifier are required.');
      return oauthJson(
        await exchangeCode(
          db,
          {
            code: p.code,
            clientId,
            redirectUri: p.redirect_uri,
            codeVerifier: p.code_verifier,
            resource: p.resource ?? null,
          },
          now,
        ),
      );
    }
    if (p.grant_type === 'refresh_token') {
      if (!p.refresh_token) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
      return oauthJson(
        await refreshTokens(
          db,
          { refreshToken: p.refresh_token, clientId, scope: p.scope ?? null, resource: p.resource ?? null },
          now,
        ),
      );
    }
    throw new OAuthFailure('unsupported_grant_type', 'Use grant_type authorization_code or refresh_token.');
  });
}

export function handleRevoke(request: Request, opts: EndpointOptions = {}): Promise<Response> {
  return guard(async () => {
    const db = opts.db ?? (await getDb());
    const p = await readParams(request);
    if (!p.token) throw new OAuthFailure('invalid_request', 'token is required.');
    await revokeToken(db, p.token, p.client_id || null, opts.now?.() ?? new Date());
    return oauthJson({}, 200);
  });
}

export function handleRegister(request: Request, opts: EndpointOptions = {}): Promise<Response> {
  return guard(async () => {
    const db = opts.db ?? (await getDb());
    await enforceRateLimit(
      db,
      `oauth_register:${clientIp(request.headers) ?? 'unknown'}`,
      { limit: 30, windowMs: 3600_000 },
      undefined,
      'client registrations',
    );
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, OAUTH_MAX_BODY_BYTES));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new OAuthFailure('invalid_client_metadata', 'Send the client metadata as a JSON object.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new OAuthFailure('invalid_client_metadata', 'Send the client metadata as a JSON object.');
    return oauthJson(await registerClient(db, body as ClientMetadata), 201);
  });
}

export function handleAuthorize(request: Request, opts: EndpointOptions = {}): Promise<Response> {
  return (async () => {
    try {
      const db = opts.db ?? (await getDb());
      const ctx = { db, baseUrl: publicBaseUrl(request.url), now: opts.now?.() };
      if (request.method === 'POST') return await handleAuthorizePost(request, ctx);
      // Before sign-in anyone can make this page fetch a client metadata document: limited per IP.
      await enforceRateLimit(
        db,
        `oauth_authorize:${clientIp(request.headers) ?? 'unknown'}`,
        AUTHORIZE_RATE_LIMIT,
        ctx.now,
        'authorization requests',
      );
      return await handleAuthorizeGet(request, ctx);
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') {
        const page = errorPage('Too many requests', err.message, 429);
        for (const [k, v] of Object.entries(err.headers ?? {})) page.headers.set(k, v);
        return page;
      }
      if (err instanceof AppError && err.code === 'payload_too_large')
        return errorPage('Request too large', err.message, 413);
      console.error('[oauth] authorize', err);
      return errorPage('Something went wrong', 'Something went wrong on our side. Please try again.', 500);
    }
  })();
}
