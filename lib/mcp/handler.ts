// The MCP endpoint (Streamable HTTP): Origin check, credentials (OAuth access token for this
// resource, or API key), HTTP-level 401/403 for protected tools, then the SDK handler serving
// 2026-07-28 and, statelessly, 2025-03-26 … 2025-11-25 (see legacy.ts).
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  createMcpHandler,
  isJsonContentType,
  isLegacyRequest,
  originValidationResponse,
  readRequestBody,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { Db } from '@/db/client';
import { getDb, getPublicDb } from '@/db/client';
import { withRequestSignal } from '@/db/cancel';
import { acceptedHere, authenticate, bearerToken } from '@/lib/auth/credentials';
import { SCOPES } from '@/lib/auth/principal';
import { AppError } from '@/lib/errors/app-error';
import { problemResponse } from '@/lib/http/problem-response';
import { clientIp } from '@/lib/client-ip';
import { insufficientScopeHeaders } from '@/lib/http/www-authenticate';
import { operations } from '@/lib/operations';
import type { AnyOperation } from '@/lib/operations/define';
import { countApiRequest, withApiLimitHeaders } from '@/lib/rate-limit/api-limit';
import { publicBaseUrl } from '@/lib/site/site';
import { protectedToolsCalled } from './gate';
import { serveLegacyPost } from './legacy';
import { allowedOriginHostnames } from './origin';
import { buildServer, callAuthInfo, callContextOf, toolsForMessage, type CallContext } from './server';
import { toolSet, type ToolSet } from './tools';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1024 * 1024;

type Served = { tools: ToolSet; sdk: McpHttpHandler };
const served = new WeakMap<AnyOperation[], Served>();

/** One SDK handler per operation list (the registry in the app; tests may serve their own list). */
function servedFor(ops: AnyOperation[]): Served {
  let entry = served.get(ops);
  if (!entry) {
    const tools = toolSet(ops);
    const sdk = createMcpHandler((ctx) => buildServer(callContextOf(ctx.authInfo)?.tools ?? tools.list), {
      legacy: 'stateless',
      maxRequestBodySize: MAX_BODY_BYTES,
      onerror: (error) => {
        if (process.env.MCP_DEBUG) console.error('[mcp]', error.message);
      },
    });
    entry = { tools, sdk };
    served.set(ops, entry);
  }
  return entry;
}

function parseJson(text: string): unknown {
  try {
    return text.length === 0 ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** JSON-RPC's answer to a body that is not JSON (what the SDK answers when it reads the body). */
const parseErrorResponse = () =>
  Response.json(
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body is not valid JSON' }, id: null },
    { status: 400 },
  );

/**
 * A JSON-RPC batch (an array of messages) is refused with an answer: the protocol revisions after
 * 2025-03-26 dropped batching, and the SDK answered one with an empty 200.
 */
const batchRefusedResponse = () =>
  Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid Request: batches are not supported; send one message per request' },
      id: null,
    },
    { status: 400 },
  );

/** The revision served besides the SDK's SUPPORTED_PROTOCOL_VERSIONS (the SDK does not export its list). */
const MODERN_REVISION = '2026-07-28';

/**
 * A MCP-Protocol-Version header naming no revision served gets the SDK's answer to an unsupported
 * revision, listing every revision served: the SDK compares revisions as strings (so "garbage" and
 * 2099-01-01 passed for a newer one), and its own list left out 2026-07-28.
 */
function versionRefusedResponse(request: Request): Response | undefined {
  const version = request.headers.get('mcp-protocol-version');
  if (version === null || version === MODERN_REVISION || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return undefined;
  const supported = [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS].join(', ');
  const message = `Bad Request: Unsupported protocol version: ${version.slice(0, 40)} (supported versions: ${supported})`;
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status: 400 });
}

/**
 * A tools/call the SDK would answer with its validator's issue list (no params, no name, arguments
 * that are not an object), or would look up on an object's prototype (a name like `__proto__` was
 * "disabled"): one plain JSON-RPC error instead, as the SDK gives an unknown name.
 */
function toolsCallRefusedResponse(body: unknown, tools: ToolSet): Response | undefined {
  if (!isRecord(body) || body.method !== 'tools/call') return undefined;
  const refuse = (message: string) =>
    Response.json({ jsonrpc: '2.0', id: body.id ?? null, error: { code: -32602, message } });
  const params = body.params;
  if (!isRecord(params) || typeof params.name !== 'string')
    return refuse(
      `Invalid params: name the tool and give its inputs, like {"name": "search_listings", "arguments": {"q": "ledger"}}.`,
    );
  if (!tools.byName.has(params.name)) return refuse(`Tool ${params.name} not found`);
  if ('arguments' in params && !isRecord(params.arguments))
    return refuse(`Invalid params: arguments must be an object of the tool's inputs by name, like {"q": "ledger"}.`);
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const mcpResourceUrl = (baseUrl: string) => `${baseUrl}${MCP_PATH}`;
export const resourceMetadataUrl = (baseUrl: string) => `${baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;

/** RFC 6750/9728 challenge: a first connection asks for every scope so one consent covers the tools. */
function challenge(baseUrl: string, error?: 'invalid_token') {
  const parts = [`resource_metadata="${resourceMetadataUrl(baseUrl)}"`, `scope="${SCOPES.join(' ')}"`];
  if (error) parts.push(`error="${error}"`);
  return { 'www-authenticate': `Bearer ${parts.join(', ')}` };
}

/**
 * Skips the legacy check for requests that name a 2026 revision: those are the SDK handler's to
 * classify (it serves any legacy request that reaches it too, so this only saves work).
 */
function mayBeLegacy(request: Request): boolean {
  const version = request.headers.get('mcp-protocol-version');
  return version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}

export type McpOptions = { db?: Db; publicDb?: Db; ops?: AnyOperation[] };

/** An answer is for its caller alone (their listings, their orders): never kept by a cache on the way. */
function noStore(response: Response): Response {
  if (response.headers.get('cache-control')) return response;
  try {
    response.headers.set('cache-control', 'no-store'); // the SDK's answers are ours to change: no copy per call
    return response;
  } catch {
    // headers of a fetched response are immutable
  }
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
  // 2026-07-28 names the method and the tool in headers; a tool's arguments may ride as Mcp-Param-*.
  'mcp-method',
  'mcp-name',
];

/** What a preflight may send: the fixed headers, and the Mcp-Param-* ones it asks for (CORS has no wildcard with credentials). */
function allowedRequestHeaders(request: Request): string {
  const asked = (request.headers.get('access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^mcp-param-[a-z0-9-]{1,64}$/.test(h));
  return [...REQUEST_HEADERS, ...new Set(asked)].join(', ');
}

/** Browser clients from an allowed origin (e.g. MCP Inspector on localhost) may read the answers. */
function withCors(response: Response, origin: string | null): Response {
  if (!origin) return response;
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version, www-authenticate');
  headers.append('vary', 'origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export async function handleMcp(request: Request, opts: McpOptions = {}): Promise<Response> {
  const baseUrl = publicBaseUrl(request.url);
  const rejected = originValidationResponse(request, allowedOriginHostnames(baseUrl));
  if (rejected) return rejected;
  const origin = request.headers.get('origin');
  if (request.method === 'OPTIONS') {
    return withCors(
      new Response(null, {
        status: 204,
        headers: {
          // Stateless: GET (a standalone stream) and DELETE (a session) answer 405, so they are not offered.
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': allowedRequestHeaders(request),
          'access-control-max-age': '600',
        },
      }),
      origin,
    );
  }
  // A query a tool call started is cancelled if the client goes away (db/cancel.ts).
  return withCors(noStore(await withRequestSignal(request.signal, () => serve(request, baseUrl, opts))), origin);
}

async function serve(request: Request, baseUrl: string, opts: McpOptions): Promise<Response> {
  try {
    const { tools, sdk } = servedFor(opts.ops ?? operations);
    const db = opts.db ?? (await getDb());
    const publicDb = opts.publicDb ?? (opts.db ? opts.db : await getPublicDb());
    const authorization = request.headers.get('authorization');
    const principal = acceptedHere(await authenticate(db, authorization, new Date()), mcpResourceUrl(baseUrl));
    if (principal === null) {
      throw new AppError(
        'unauthorized',
        'The credential is not valid here: an API key unknown or revoked, or an access token unknown, revoked, expired or issued for another resource.',
        { headers: challenge(baseUrl, 'invalid_token') },
      );
    }
    const limit = await countApiRequest(principal, clientIp(request.headers));
    const badVersion = versionRefusedResponse(request);
    if (badVersion) return withApiLimitHeaders(badVersion, limit);

    // The body is read once, here: the 401/403 gate needs the tool names, and the SDK takes the
    // parsed body instead of reading the request again.
    let parsedBody: unknown;
    // (A POST that is not JSON goes straight to the SDK, which answers 415.)
    if (request.method === 'POST' && isJsonContentType(request.headers.get('content-type'))) {
      const read = await readRequestBody(request, MAX_BODY_BYTES);
      if (read.tooLarge) throw new AppError('payload_too_large', 'The body is larger than 1 MB.');
      parsedBody = parseJson(read.text);
      if (parsedBody === undefined) return parseErrorResponse();
      if (Array.isArray(parsedBody)) return batchRefusedResponse();
      const refused = toolsCallRefusedResponse(parsedBody, tools);
      if (refused) return refused;
      for (const op of protectedToolsCalled(tools, parsedBody)) {
        if (!principal)
          throw new AppError(
            'unauthorized',
            `Sign-in required for ${op.name}: connect with OAuth or send Authorization: Bearer <API key>.`,
            { headers: challenge(baseUrl) },
          );
        if (op.scope !== 'public' && !principal.scopes.includes(op.scope)) {
          throw new AppError('insufficient_scope', `${op.name} needs the ${op.scope} scope.`, {
            headers: insufficientScopeHeaders(baseUrl, op.scope, resourceMetadataUrl(baseUrl)),
          });
        }
      }
    }

    const call: CallContext = {
      db,
      publicDb,
      baseUrl,
      ip: clientIp(request.headers),
      principal: principal ?? undefined,
      tools: toolsForMessage(tools, parsedBody),
    };
    const authInfo = callAuthInfo(call, bearerToken(authorization));
    if (parsedBody === undefined) return withApiLimitHeaders(await sdk.fetch(request, { authInfo }), limit);
    if (mayBeLegacy(request) && (await isLegacyRequest(request, parsedBody)))
      return withApiLimitHeaders(await serveLegacyPost(buildServer(call.tools), request, authInfo, parsedBody), limit);
    return withApiLimitHeaders(await sdk.fetch(request, { authInfo, parsedBody }), limit);
  } catch (err) {
    return mcpFailure(err, request);
  }
}

/**
 * Refusals before the SDK: a credential's (401/403) stay problem+json with their challenge, as OAuth
 * clients read them; a body too large (413) or too many requests (429) is a JSON-RPC error an MCP
 * client can read, with the same status and headers (Retry-After), the REST problem object as its
 * `data`, and the request's id when its body (not read yet when the limit refused it) names one.
 */
async function mcpFailure(err: unknown, request: Request): Promise<Response> {
  const problem = problemResponse(err);
  if (problem.status !== 413 && problem.status !== 429) return problem;
  const headers = new Headers(problem.headers);
  headers.set('content-type', 'application/json');
  const message = err instanceof AppError ? err.message : 'Request refused.';
  const data = (await problem.json()) as unknown;
  const error = { code: -32000, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id: await requestIdOf(request) }), {
    status: problem.status,
    headers,
  });
}

/** The JSON-RPC id of a request whose body is still unread (null when it cannot be read or names none). */
async function requestIdOf(request: Request): Promise<string | number | null> {
  if (request.bodyUsed || request.method !== 'POST') return null;
  try {
    const read = await readRequestBody(request, MAX_BODY_BYTES);
    const body = read.tooLarge ? undefined : parseJson(read.text);
    const id = isRecord(body) ? body.id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
