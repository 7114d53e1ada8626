// One MCP `tools/call` over Streamable HTTP, sent as a session-less client sends it.
export function callMcpTool(
  baseUrl: string,
  name: string,
  args: Record<string, unknown>,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    signal: init.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...init.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}
