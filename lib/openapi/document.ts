// OpenAPI 3.1 generated from the operation registry (same zod schemas as REST and MCP).
import 'zod-openapi';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { SCOPES, scopeDescriptions } from '@/lib/auth/principal';
import { problemSchema } from '@/lib/errors/problem';
import { operations } from '@/lib/operations';
import { inputLocation, pathParams, type AnyOperation } from '@/lib/operations/define';

const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: 'The signed-in account.',
  Listings: 'Published listings: search and the weekly leaderboards.',
  Catalog: 'Categories the directory sorts listings into.',
  Orders: 'What can be bought (launch products and their prices).',
  Interview: 'The founder interview questions.',
  Drafts: 'Draft a listing from a website, edit it and submit it.',
  Launches: 'Launch a listing: the free plan, its launch week and gates, and the badge.',
  'Own listings': 'Your submitted listings: read and edit them (with version history), updates, milestones, story.',
};

type HeaderObject = { description: string; schema: { type: 'string' | 'integer' } };

const problem = (description: string, headers?: Record<string, HeaderObject>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: problemSchema } },
});

const retryAfter: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};
const challenge: Record<string, HeaderObject> = {
  'WWW-Authenticate': {
    description: 'The Bearer challenge (RFC 6750): the error, the scope needed and `resource_metadata`.',
    schema: { type: 'string' },
  },
};
/** Sent on every answer of a request counted against a credential's limit (API_RATE_LIMIT). */
const rateLimitHeaders: Record<string, HeaderObject> = {
  RateLimit: {
    description: 'What is left of the limit now (IETF RateLimit fields: `r` left, `t` seconds).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': { description: 'The limit (`q` requests per `w` seconds).', schema: { type: 'string' } },
};

function errorResponses(op: AnyOperation) {
  const responses: Record<string, ReturnType<typeof problem>> = {
    '400': problem('Malformed request (bad JSON, invalid Idempotency-Key).'),
    '422': problem('Validation failed or a business rule refused the request; `errors` names the fields.'),
    '429': problem('Too many requests; see Retry-After.', { ...retryAfter, ...rateLimitHeaders }),
    '500': problem('Unexpected server error.'),
  };
  if (op.scope !== 'public') {
    responses['401'] = problem('Missing, unknown, revoked or expired credential (see WWW-Authenticate).', challenge);
    responses['403'] = problem('The credential lacks the scope (`insufficient_scope`).', challenge);
  } else {
    responses['401'] = problem(
      'A credential was sent and is not valid (unknown, revoked, expired, or an OAuth token for another resource). Send none to read as anyone.',
      challenge,
    );
  }
  if (op.scope === 'public')
    responses['503'] = problem(
      '`service_busy`: the database is protecting itself (a statement timeout, or too many searches at once); see Retry-After.',
      retryAfter,
    );
  if (pathParams(op.path).length > 0) responses['404'] = problem('Not found, or not yours.');
  if (op.idempotent) responses['409'] = problem('A request with the same Idempotency-Key is still running.');
  if (op.etag && op.etag in op.input.shape)
    responses['409'] = problem(
      '`version_conflict`: the version (or If-Match) is stale; `current` is the resource as it is now. Or a request with the same Idempotency-Key is still running.',
    );
  if (inputLocation(op.method) === 'body') {
    responses['413'] = problem('Body larger than 1 MB.');
    responses['415'] = problem('The body is not JSON in UTF-8 (send Content-Type: application/json).');
  }
  for (const [status, when] of Object.entries(op.problems ?? {}))
    responses[status] = problem(responses[status] ? `${when} ${responses[status].description}` : when);
  return responses;
}

function operationObject(op: AnyOperation): ZodOpenApiOperationObject {
  const names = pathParams(op.path);
  const shape = op.input.shape as Record<string, z.ZodType>;
  const pathShape = Object.fromEntries(names.map((n) => [n, shape[n]]));
  const rest = Object.fromEntries(Object.entries(shape).filter(([k]) => !names.includes(k)));
  const where = inputLocation(op.method);
  const hasRest = Object.keys(rest).length > 0;
  const headers: Record<string, z.ZodType> = {
    ...(op.idempotent
      ? {
          'Idempotency-Key': z.string().min(1).max(255).optional().meta({
            description: 'Makes retries safe: the same key with the same request replays the first response (24 h).',
          }),
        }
      : {}),
    ...(op.etag && op.etag in shape
      ? {
          'If-Match': z
            .string()
            .max(40)
            .optional()
            .meta({
              description: `The ETag you read (e.g. "3"): same as sending ${op.etag}; stale → 409 version_conflict.`,
            }),
        }
      : {}),
  };
  const header = Object.keys(headers).length ? z.object(headers) : undefined;
  const successHeaders = {
    ...(op.etag
      ? {
          ETag: {
            description: `The ${op.etag}, quoted; send it back as If-Match.`,
            schema: { type: 'string' as const },
          },
        }
      : {}),
    ...(op.idempotent
      ? {
          'Idempotent-Replayed': {
            description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
            schema: { type: 'string' as const },
          },
        }
      : {}),
    ...(op.location
      ? {
          Location: { description: 'The URL of what was created.', schema: { type: 'string' as const, format: 'uri' } },
        }
      : {}),
  };
  const headersOfSuccess = Object.keys(successHeaders).length ? { headers: successHeaders } : {};
  // A body is required when its schema refuses an empty one (some field is required).
  const bodyRequired = !z.strictObject(rest).safeParse({}).success;
  return {
    operationId: op.name,
    summary: op.summary,
    description: [
      op.description,
      `MCP tool: \`${op.name}\`.`,
      op.scope === 'public' ? 'Public: no sign-in needed.' : `Scope: \`${op.scope}\`.`,
      op.idempotent ? 'Accepts Idempotency-Key.' : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [op.tag],
    security: op.scope === 'public' ? [] : [{ apiKey: [] }, { oauth2: [op.scope] }],
    requestParams: {
      ...(names.length ? { path: z.object(pathShape) } : {}),
      ...(where === 'query' && hasRest ? { query: z.object(rest) } : {}),
      ...(header ? { header } : {}),
    },
    ...(where === 'body' && hasRest
      ? {
          requestBody: { required: bodyRequired, content: { 'application/json': { schema: z.strictObject(rest) } } },
        }
      : {}),
    responses: {
      [String(op.successStatus ?? 200)]: {
        description: 'Success',
        ...headersOfSuccess,
        content: { 'application/json': { schema: op.output } },
      },
      ...errorResponses(op),
    },
  } as ZodOpenApiOperationObject;
}

export function buildOpenApiDocument(baseUrl: string, ops: AnyOperation[] = operations) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of ops) {
    const entry = (paths[op.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    entry[op.method.toLowerCase()] = operationObject(op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Product Directory API',
      version: '1.0.0',
      description:
        'Search listings and weekly leaderboards, read the catalog, and draft a listing from a website, edit and submit it. Every operation is also an MCP tool of the same name at /mcp.',
      license: { name: 'Proprietary: all rights reserved', url: `${baseUrl}/` },
    },
    servers: [{ url: `${baseUrl}/api/v1` }],
    tags: [...new Set(ops.map((o) => o.tag))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name] ?? `${name} operations.`,
    })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from your account’s API keys page: `Authorization: Bearer <key>`.',
        },
        oauth2: {
          type: 'oauth2',
          description:
            'OAuth 2.1 (authorization code + PKCE S256). A token is bound to one resource (RFC 8707): for this API ask with `resource=' +
            `${baseUrl}/api/v1` +
            '` (metadata: `/.well-known/oauth-protected-resource/api/v1`); a token for the MCP server (`/mcp`, the default) is refused here.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/oauth/authorize`,
              tokenUrl: `${baseUrl}/oauth/token`,
              refreshUrl: `${baseUrl}/oauth/token`,
              scopes: Object.fromEntries(SCOPES.map((s) => [s, scopeDescriptions[s]])),
            },
          },
        },
      },
      schemas: { Problem: problemSchema },
    },
  });
}

const cache = new Map<string, string>();

/** The serialized document, built once per process and base URL. */
export function openApiJson(baseUrl: string): string {
  let json = cache.get(baseUrl);
  if (!json) {
    json = JSON.stringify(buildOpenApiDocument(baseUrl));
    cache.set(baseUrl, json);
  }
  return json;
}
