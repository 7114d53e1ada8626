// The app's HTTP faces mounted on a test server: the REST API (and more as they are added).
import { dispatchRest } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import type { AnyOperation } from '@/lib/operations/define';
import { useServer, type Route } from './http-server';
import { handleMcp } from '@/lib/mcp/handler';

export function restRoute(ops: AnyOperation[] = operations): Route {
  return { prefix: '/api/v1', handler: (request) => dispatchRest(ops, request) };
}

/** The MCP endpoint (/mcp). */
export function mcpRoute(ops: AnyOperation[] = operations): Route {
  return { prefix: '/mcp', handler: (request) => handleMcp(request, { ops }) };
}

export function useApp(extra: { ops?: AnyOperation[]; routes?: Route[] } = {}) {
  return useServer([...(extra.routes ?? []), restRoute(extra.ops), mcpRoute(extra.ops)]);
}
