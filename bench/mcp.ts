// npm run bench:mcp — the same operation through MCP tools/call and through REST, in one run, on the
// production server (npm start). The MCP requests are the exact bytes the SDK clients send (captured
// from a real v2 client for 2026-07-28 and a real v1 client for 2025-11-25). Prints p50/p95 and ratios.
import autocannon from 'autocannon';
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startProductionServer, table, type Result } from './lib/measure';

const PORT = process.env.BENCH_PORT || '3993';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10);
const KEY = process.env.DEMO_API_KEY || 'pld_benchmcp_0123456789abcdefghijklmnopqrstuv';
const auth = { authorization: `Bearer ${KEY}` };

type Captured = { body: string; headers: Record<string, string> };

/** Connects a real client with a recording fetch and returns the bytes of its tools/call request. */
async function captureToolCall(kind: 'v1' | 'v2', url: URL, name: string, args: Record<string, unknown>): Promise<Captured> {
  let captured: Captured | undefined;
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) {
      captured = { body: init.body, headers: Object.fromEntries(new Headers(init.headers).entries()) };
    }
    return fetch(input, init);
  };
  const opts = { requestInit: { headers: auth }, fetch: recording };
  const client = kind === 'v2' ? new V2Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } }) : new V1Client({ name: 'bench', version: '1' });
  await client.connect(kind === 'v2' ? new V2Transport(url, opts) : new V1Transport(url, opts));
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed over MCP: ${JSON.stringify(result.content)}`);
  await client.close();
  if (!captured) throw new Error('no tools/call captured');
  return captured;
}

async function load(label: string, baseUrl: string, request: { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> }): Promise<Result> {
  const result = await autocannon({ url: baseUrl + request.path, connections: CONCURRENCY, duration: SECONDS, method: request.method, body: request.body, headers: request.headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const { p50, p90, p97_5 } = result.latency;
  return { label, requests: result.requests.total, seconds: SECONDS, rps: result.requests.average, p50, p95: p90 + ((p97_5 - p90) * 5) / 7.5 };
}

const server = await startProductionServer({
  PORT,
  APP_URL: `http://127.0.0.1:${PORT}`,
  DATA_DIR: process.env.DATA_DIR || '.data/bench-mcp',
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-bench',
  DEMO_API_KEY: KEY,
});
try {
  const mcpUrl = new URL(`${server.url}/mcp`);
  const cases = [
    { op: 'search_listings', args: { q: 'invoice', per_page: 20 }, rest: '/api/v1/listings?q=invoice&per_page=20' },
    { op: 'get_account', args: {}, rest: '/api/v1/me' },
  ];
  const lines: string[] = [];
  for (const c of cases) {
    const modern = await captureToolCall('v2', mcpUrl, c.op, c.args);
    const legacy = await captureToolCall('v1', mcpUrl, c.op, c.args);
    const rest = { method: 'GET' as const, path: c.rest, headers: auth };
    const mcp26 = { method: 'POST' as const, path: '/mcp', body: modern.body, headers: modern.headers };
    const mcp25 = { method: 'POST' as const, path: '/mcp', body: legacy.body, headers: legacy.headers };
    await load('warm-up', server.url, { ...rest });
    await load('warm-up', server.url, mcp26);
    const results = [
      await load(`REST ${c.rest.split('?')[0]}`, server.url, rest),
      await load(`MCP 2026-07-28 ${c.op}`, server.url, mcp26),
      await load(`MCP 2025-11-25 ${c.op}`, server.url, mcp25),
    ];
    table(results);
    const [r, m26, m25] = results;
    lines.push(
      `${c.op}: MCP/REST p50 ${(m26.p50 / r.p50).toFixed(2)}× p95 ${(m26.p95 / r.p95).toFixed(2)}× (2026-07-28); p50 ${(m25.p50 / r.p50).toFixed(2)}× p95 ${(m25.p95 / r.p95).toFixed(2)}× (2025-11-25)  — target ≤ 1.3×`,
    );
  }
  console.log(`\nconcurrency ${CONCURRENCY}, ${SECONDS}s each, one run`);
  for (const line of lines) console.log(line);
} finally {
  server.stop();
}
process.exit(0);
