// The app's HTTP faces mounted on a test server: the REST API (and more as they are added).
import { dispatchRest } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import type { AnyOperation } from '@/lib/operations/define';
import { useServer, type Route } from './http-server';
import { handleMcp } from '@/lib/mcp/handler';
import {
  handleAuthorizationServerMetadata,
  handleAuthorize,
  handleProtectedResourceMetadata,
  handleRegister,
  handleRestResourceMetadata,
  handleRevoke,
  handleToken,
  preflight,
} from '@/lib/oauth/endpoints';

// Tests poll drafts every few ms with one key; the per-credential limit has its own test
// (lib/rate-limit/test/api-limit.test.ts), which sets its own figure.
process.env.API_RATE_LIMIT ??= '1000000';

export function restRoute(ops: AnyOperation[] = operations): Route {
  return { prefix: '/api/v1', handler: (request) => dispatchRest(ops, request) };
}

/** The MCP endpoint (/mcp). */
export function mcpRoute(ops: AnyOperation[] = operations): Route {
  return { prefix: '/mcp', handler: (request) => handleMcp(request, { ops }) };
}

/** The OAuth authorization server (/oauth/*) and its discovery documents (/.well-known/*). */
export function oauthRoutes(): Route[] {
  const byPath: Record<string, (request: Request) => Response | Promise<Response>> = {
    '/oauth/authorize': handleAuthorize,
    '/oauth/token': handleToken,
    '/oauth/register': handleRegister,
    '/oauth/revoke': handleRevoke,
    '/.well-known/oauth-authorization-server': handleAuthorizationServerMetadata,
    '/.well-known/oauth-protected-resource/mcp': handleProtectedResourceMetadata,
    '/.well-known/oauth-protected-resource/api/v1': handleRestResourceMetadata,
  };
  return Object.entries(byPath).map(([prefix, handle]) => ({
    prefix,
    handler: async (request: Request) => {
      if (new URL(request.url).pathname !== prefix) return new Response('not found', { status: 404 });
      return request.method === 'OPTIONS' ? preflight() : handle(request);
    },
  }));
}

export function useApp(extra: { ops?: AnyOperation[]; routes?: Route[] } = {}) {
  return useServer([...(extra.routes ?? []), restRoute(extra.ops), mcpRoute(extra.ops), ...oauthRoutes()]);
}
