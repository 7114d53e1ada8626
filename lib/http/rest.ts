// The REST face: one function turns an HTTP request into a call of one operation (docs/decisions.md#one-operation-list-three-faces).
import type { Db } from '@/db/client';
import { getDb, getPublicDb } from '@/db/client';
import { withRequestSignal } from '@/db/cancel';
import { acceptedHere, authenticate } from '@/lib/auth/credentials';
import { inputLocation, pathParams, type AnyOperation } from '@/lib/operations/define';
import { executeOperation, type Outcome } from '@/lib/operations/execute';
import { countApiRequest, withApiLimitHeaders } from '@/lib/rate-limit/api-limit';
import { publicBaseUrl } from '@/lib/site/site';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { decodePathSegment, queryDecodes } from '@/lib/input/path';
import { jsonResponse, problemResponse } from './problem-response';
import { readJsonBody } from './read-body';
import { clientIp } from '@/lib/client-ip';
import { etagHeader, withIfMatch } from './etag';
import { challengeHeaders } from './www-authenticate';
import { siteNow } from '@/lib/time/clock';

export const API_PREFIX = '/api/v1';

/** Matches a request path against an operation's path template; returns the params or null. */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const names = pathParams(template);
  const pattern = new RegExp(`^${API_PREFIX}${template.replace(/\{\w+\}/g, '([^/]+)')}/?$`);
  const m = pattern.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodePathParam(m[i + 1])]));
}

function decodePathParam(raw: string): string {
  const decoded = decodePathSegment(raw);
  if (decoded === null) throw new AppError('bad_request', 'The path contains a malformed percent-escape.');
  return decoded;
}

/** The query's parameters; one given twice is refused by name (no operation takes a list in its query). */
function queryObject(url: URL): Record<string, string> {
  if (!queryDecodes(url.search))
    throw new AppError('bad_request', 'The query string contains a malformed percent-escape.');
  const out: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    if (all.length > 1) throw fieldError(key, `Given ${all.length} times: give it once.`);
    out[key] = all[0];
  }
  return out;
}

/** A test's own handle: `db`, and `publicDb` for public reads (absent: `db`). */
export type RestOptions = { db?: Db; publicDb?: Db; now?: () => Date };

/** A query this request started is cancelled if its client goes away (db/cancel.ts). */
export function handleRest(op: AnyOperation, request: Request, opts: RestOptions = {}): Promise<Response> {
  return withRequestSignal(request.signal, () => serveRest(op, request, opts));
}

async function serveRest(op: AnyOperation, request: Request, opts: RestOptions): Promise<Response> {
  try {
    const db = opts.db ?? (await getDb());
    const publicDb = opts.publicDb ?? (opts.db ? opts.db : await getPublicDb());
    const now = opts.now?.() ?? siteNow();
    const url = new URL(request.url);
    const baseUrl = publicBaseUrl(request.url);
    const principal = await authenticate(db, request.headers.get('authorization'), now);
    const apiResource = `${baseUrl}${API_PREFIX}`;
    const here = acceptedHere(principal, apiResource);
    const limit = await countApiRequest(principal, clientIp(request.headers));
    const params = matchPath(op.path, url.pathname) ?? {};
    const outcome = await executeOperation(op, {
      db,
      publicDb,
      now,
      baseUrl,
      ip: clientIp(request.headers),
      face: 'api',
      principal: here,
      refusedHint:
        principal && !here
          ? `This OAuth token was issued for ${principal.resource}: authorize the app again (/oauth/authorize) with resource=${apiResource}: a token or its refresh serves one resource (RFC 8707; see ${baseUrl}/.well-known/oauth-protected-resource${API_PREFIX}).`
          : undefined,
      readInput: async () =>
        withIfMatch(
          op,
          { ...(inputLocation(op.method) === 'query' ? queryObject(url) : await readJsonBody(request)), ...params },
          request.headers.get('if-match'),
        ),
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    const withEtag = {
      ...outcome,
      headers: { ...outcome.headers, ...etagHeader(op, outcome.body), ...locationHeader(op, outcome, baseUrl) },
    };
    return withApiLimitHeaders(outcomeResponse(withEtag, Boolean(principal), baseUrl), limit);
  } catch (err) {
    return problemResponse(err);
  }
}

/** `Location` of what a 201 created (a replay of it too), for operations that name it. */
function locationHeader(op: AnyOperation, outcome: Outcome, baseUrl: string): Record<string, string> {
  if (outcome.status !== 201 || !op.location) return {};
  return { location: `${baseUrl}${API_PREFIX}${op.location(outcome.body)}` };
}

function outcomeResponse(outcome: Outcome, signedIn: boolean, baseUrl: string): Response {
  if (outcome.status >= 400) {
    return new Response(JSON.stringify(outcome.body), {
      status: outcome.status,
      headers: {
        'content-type': 'application/problem+json; charset=utf-8',
        'cache-control': 'no-store',
        ...(outcome.challenge ? challengeHeaders(baseUrl, outcome.challenge) : {}),
        ...outcome.headers,
        ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}),
      },
    });
  }
  if (outcome.replayed)
    return jsonResponse(outcome.body, outcome.status, {
      ...outcome.headers,
      'idempotent-replayed': 'true',
      'cache-control': 'no-store',
    });
  return jsonResponse(outcome.body, outcome.status, {
    ...outcome.headers,
    ...(signedIn ? { 'cache-control': 'no-store' } : {}),
  });
}
