// The per-request MCP server: registers the precomputed tool specs; each tool call runs the same
// operation core as REST and answers the same object (or the same problem, with isError).
import { McpServer, type AuthInfo, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import type { Db } from '@/db/client';
import type { Principal } from '@/lib/auth/principal';
import type { Problem } from '@/lib/errors/problem';
import { executeOperation, type Outcome } from '@/lib/operations/execute';
import { IDEMPOTENCY_ARGUMENT, type ToolSet, type ToolSpec } from './tools';
import { siteNow } from '@/lib/time/clock';

export const SERVER_INFO = { name: 'product-directory', title: 'Product Directory', version: '1.0.0' };

export const INSTRUCTIONS =
  'Tools of the product directory: the same operations and objects as its REST API (/api/v1). ' +
  'Search, leaderboards, interview questions, products and categories are public; the rest act on the signed-in account.';

/** What a tool call needs from the HTTP request; carried to the handler in authInfo.extra. */
export type CallContext = {
  db: Db;
  publicDb: Db;
  baseUrl: string;
  ip: string | null;
  principal: Principal | undefined;
  /** The tools this exchange can reach: the one a tools/call names, or all of them. */
  tools: ToolSpec[];
};

export function callAuthInfo(call: CallContext, token: string | null): AuthInfo {
  const p = call.principal;
  return {
    token: token ?? '',
    clientId: p?.authKind === 'oauth' ? (p.credentialName ?? p.credentialId) : (p?.credentialId ?? 'anonymous'),
    scopes: p?.scopes ?? [],
    ...(p?.resource ? { resource: new URL(p.resource) } : {}),
    extra: { call },
  };
}

/** The tools an exchange needs: the named one for a single tools/call, otherwise the whole list. */
export function toolsForMessage(tools: ToolSet, body: unknown): ToolSpec[] {
  const message = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  if (
    message &&
    !Array.isArray(message) &&
    message.method === 'tools/call' &&
    typeof message.params?.name === 'string'
  ) {
    const spec = tools.byName.get(message.params.name);
    if (spec) return [spec];
  }
  return tools.list;
}

/** The call context the handler put in authInfo (the factory and the tools read it). */
export function callContextOf(authInfo: AuthInfo | undefined): CallContext | undefined {
  return authInfo?.extra?.call as CallContext | undefined;
}

function callOf(ctx: ServerContext): CallContext {
  const call = callContextOf(ctx.http?.authInfo);
  if (!call) throw new Error('MCP tool called without a call context');
  return call;
}

/** The problem object of a failed tool result (the JSON text block). */
export function problemOfResult(result: object): Problem | undefined {
  const blocks = ((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[];
  const json = blocks.find((b) => b.type === 'text' && b.text?.startsWith('{'));
  return json?.text ? (JSON.parse(json.text) as Problem) : undefined;
}

export function toToolResult(spec: ToolSpec, outcome: Outcome): CallToolResult {
  if (outcome.status >= 400) {
    // The problem travels as JSON text, not structuredContent: clients (the v1 SDK among them)
    // validate structuredContent against the tool's output schema even when isError is set.
    const problem = outcome.body as Problem;
    return {
      isError: true,
      content: [
        { type: 'text', text: `${problem.title} (${problem.code}): ${problem.detail}` },
        { type: 'text', text: JSON.stringify(problem) },
      ],
    };
  }
  const body = outcome.body as Record<string, unknown>;
  const text = spec.op.text ? spec.op.text(body) : JSON.stringify(body);
  return { content: [{ type: 'text', text: text || JSON.stringify(body) }], structuredContent: body };
}

async function callTool(spec: ToolSpec, args: unknown, ctx: ServerContext): Promise<CallToolResult> {
  const call = callOf(ctx);
  const { [IDEMPOTENCY_ARGUMENT]: key, ...input } = (args ?? {}) as Record<string, unknown>;
  const outcome = await executeOperation(spec.op, {
    db: call.db,
    publicDb: call.publicDb,
    now: siteNow(),
    baseUrl: call.baseUrl,
    ip: call.ip,
    face: 'mcp',
    principal: call.principal,
    readInput: async () => input,
    // Not a string ({"a":1}, 12345): refused as an empty key is, where String() made every object one key.
    idempotencyKey: spec.op.idempotent && key !== undefined ? (typeof key === 'string' ? key : '') : null,
    signInHint: 'Sign-in required: connect with OAuth (see WWW-Authenticate) or send Authorization: Bearer <API key>.',
  });
  return toToolResult(spec, outcome);
}

/**
 * The per-request server. A tools/call exchange only needs the tool it names, so only that one is
 * registered (the SDK builds a server per request; registering every tool each time is wasted).
 */
export function buildServer(tools: ToolSpec[]): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  for (const spec of tools) {
    server.registerTool(
      spec.op.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: spec.inputSchema,
        outputSchema: spec.outputSchema,
        annotations: spec.annotations,
      },
      (args: unknown, ctx: ServerContext) => callTool(spec, args, ctx),
    );
  }
  return server;
}
