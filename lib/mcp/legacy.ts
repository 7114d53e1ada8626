// 2025-era POSTs (2025-03-26 … 2025-11-25), served the way the SDK's stateless fallback serves
// them (a fresh server and transport per request, no session) but answered as one JSON body
// instead of a one-event SSE stream: no tool sends anything before its result, and the JSON answer
// costs noticeably less CPU per call. Routed here with the SDK's own isLegacyRequest predicate;
// GET and DELETE (2025 session operations) still go to createMcpHandler, which answers 405.
import { WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServer } from '@modelcontextprotocol/server';

export async function serveLegacyPost(
  server: McpServer,
  request: Request,
  authInfo: AuthInfo,
  parsedBody: unknown,
): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { authInfo, parsedBody });
  } finally {
    void server.close().catch(() => {});
  }
}
