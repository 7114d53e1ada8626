// The REST face: one function turns an HTTP request into a call of one operation (DESIGN part 1/4).
import type { Db } from '@/db/client';
import { getDb } from '@/db/client';
import { authenticate } from '@/lib/auth/credentials';
import { AppError } from '@/lib/errors/app-error';
import { validationError } from '@/lib/errors/problem';
import { inputLocation, pathParams, type AnyOperation, type OpContext } from '@/lib/operations/define';
import { getSite, publicBaseUrl } from '@/lib/site/site';
import { claimKey, completeKey, releaseKey, requestHash, validateKey } from './idempotency';
import { jsonResponse, problemResponse } from './problem-response';
import { readJsonBody } from './read-body';
import { unauthorizedHeaders, insufficientScopeHeaders } from './www-authenticate';

export const API_PREFIX = '/api/v1';

/** Matches a request path against an operation's path template; returns the params or null. */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const names = pathParams(template);
  const pattern = new RegExp(`^${API_PREFIX}${template.replace(/\{\w+\}/g, '([^/]+)')}/?$`);
  const m = pattern.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

export function clientIp(request: Request): string | null {
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded ? forwarded.split(',')[0].trim() : request.headers.get('x-real-ip');
}

export type RestOptions = { db?: Db; now?: () => Date };

export async function handleRest(op: AnyOperation, request: Request, opts: RestOptions = {}): Promise<Response> {
  try {
    const db = opts.db ?? (await getDb());
    const now = opts.now?.() ?? new Date();
    const url = new URL(request.url);
    const baseUrl = publicBaseUrl(request.url);

    const principal = await authenticate(db, request.headers.get('authorization'), now);
    if (principal === null) {
      throw new AppError('unauthorized', 'The credential is not valid (unknown, revoked or expired).', { headers: unauthorizedHeaders(baseUrl, op.scope, 'invalid_token') });
    }
    if (op.scope !== 'public') {
      if (!principal) throw new AppError('unauthorized', 'Sign-in required: send Authorization: Bearer <API key>.', { headers: unauthorizedHeaders(baseUrl, op.scope) });
      if (!principal.scopes.includes(op.scope)) {
        throw new AppError('insufficient_scope', `This operation needs the ${op.scope} scope.`, { headers: insufficientScopeHeaders(baseUrl, op.scope) });
      }
    }

    const params = matchPath(op.path, url.pathname) ?? {};
    const raw = inputLocation(op.method) === 'query' ? queryObject(url) : await readJsonBody(request);
    const parsed = op.input.safeParse({ ...raw, ...params });
    if (!parsed.success) throw validationError(parsed.error);

    const ctx: OpContext = { db, principal: principal ?? null, site: await getSite(db), now, baseUrl, ip: clientIp(request) };
    const key = op.idempotent && principal ? request.headers.get('idempotency-key') : null;
    if (key === null) return await run(op, ctx, parsed.data);

    validateKey(key);
    const claim = await claimKey(db, { userId: principal!.userId, key, operation: op.name, hash: requestHash(op.name, parsed.data), now });
    if (claim.kind === 'replay') {
      const { status, body } = claim.response;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8', 'idempotent-replayed': 'true', 'cache-control': 'no-store' },
      });
    }
    let response: Response;
    try {
      response = await run(op, ctx, parsed.data);
    } catch (err) {
      await releaseKey(db, principal!.userId, key);
      throw err;
    }
    if (response.status >= 500) await releaseKey(db, principal!.userId, key);
    else await completeKey(db, principal!.userId, key, { status: response.status, body: await response.clone().json() }, new Date());
    return response;
  } catch (err) {
    return problemResponse(err);
  }
}

async function run(op: AnyOperation, ctx: OpContext, input: unknown): Promise<Response> {
  try {
    const result = await op.handler(ctx, input);
    const body = op.output.parse(result);
    const headers: Record<string, string> = ctx.principal ? { 'cache-control': 'no-store' } : {};
    return jsonResponse(body, op.successStatus ?? 200, headers);
  } catch (err) {
    return problemResponse(err);
  }
}
