// npm run bench:mcp — the same operation through MCP tools/call and through REST, in one run, on the
// production server (npm start). The MCP requests are the exact bytes the SDK clients send (captured
// from a real v2 client for 2026-07-28 and a real v1 client for 2025-11-25). Prints p50/p95 and ratios:
// first one call at a time (what a calling agent waits: the target figure), then 10 at once (the
// server's capacity, where each latency also holds the queue ahead of it), with server CPU per call.
import autocannon from 'autocannon';
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  interleavedOneAtATime,
  processTreeCpuMs,
  startProductionServer,
  table,
  type HttpRequestSpec,
  type Result,
} from './lib/measure';

const PORT = process.env.BENCH_PORT || '3993';
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const CALLS = Number(process.env.BENCH_CALLS || 1500);
const KEY = process.env.DEMO_API_KEY || 'pld_benchmcp_0123456789abcdefghijklmnopqrstuv';
const auth = { authorization: `Bearer ${KEY}` };

type Captured = { body: string; headers: Record<string, string> };

/** Connects a real client with a recording fetch and returns the bytes of its tools/call request. */
async function captureToolCall(
  kind: 'v1' | 'v2',
  url: URL,
  name: string,
  args: Record<string, unknown>,
): Promise<Captured> {
  let captured: Captured | undefined;
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) {
      captured = { body: init.body, headers: Object.fromEntries(new Headers(init.headers).entries()) };
    }
    return fetch(input, init);
  };
  const opts = { requestInit: { headers: auth }, fetch: recording };
  const client =
    kind === 'v2'
      ? new V2Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } })
      : new V1Client({ name: 'bench', version: '1' });
  await client.connect(kind === 'v2' ? new V2Transport(url, opts) : new V1Transport(url, opts));
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed over MCP: ${JSON.stringify(result.content)}`);
  await client.close();
  if (!captured) throw new Error('no tools/call captured');
  return captured;
}

type Measured = Result & { cpuPerRequest: number };
let serverPid = 0;

async function load(label: string, baseUrl: string, request: HttpRequestSpec, seconds: number): Promise<Measured> {
  const cpuBefore = processTreeCpuMs(serverPid);
  const result = await autocannon({
    url: baseUrl + request.path,
    connections: CONCURRENCY,
    duration: seconds,
    method: request.method,
    body: request.body,
    headers: request.headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const { p50, p90, p97_5 } = result.latency;
  const cpuPerRequest = (processTreeCpuMs(serverPid) - cpuBefore) / result.requests.total;
  return {
    label,
    requests: result.requests.total,
    seconds,
    rps: result.requests.average,
    p50,
    p95: p90 + ((p97_5 - p90) * 5) / 7.5,
    cpuPerRequest,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The three faces in turn, ROUNDS times: a busy moment on this shared machine hits one round, not one face. */
async function compare(baseUrl: string, faces: { label: string; request: HttpRequestSpec }[]) {
  const rounds: Measured[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: Measured[] = [];
    for (const f of faces) round.push(await load(f.label, baseUrl, f.request, SECONDS / ROUNDS));
    rounds.push(round);
  }
  const combined = faces.map((f, i) => {
    const runs = rounds.map((round) => round[i]);
    return {
      label: f.label,
      requests: runs.reduce((n, x) => n + x.requests, 0),
      seconds: SECONDS,
      rps: median(runs.map((x) => x.rps)),
      p50: median(runs.map((x) => x.p50)),
      p95: median(runs.map((x) => x.p95)),
      cpuPerRequest: median(runs.map((x) => x.cpuPerRequest)),
    };
  });
  /** Median over rounds of face/REST within the same round. */
  const ratio = (i: number, k: 'p50' | 'p95') => median(rounds.map((round) => round[i][k] / round[0][k]));
  /** Server CPU time per request, face/REST: what the MCP layer costs, whatever else runs on the machine. */
  const cost = (i: number) => median(rounds.map((round) => round[i].cpuPerRequest / round[0].cpuPerRequest));
  return { combined, ratio, cost };
}

const server = await startProductionServer({
  PORT,
  APP_URL: `http://127.0.0.1:${PORT}`,
  DATA_DIR: process.env.DATA_DIR || '.data/bench-mcp',
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-bench',
  DEMO_API_KEY: KEY,
  API_RATE_LIMIT: '100000000', // one key drives the whole load; the per-request check still runs
});
serverPid = server.proc.pid ?? 0;
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
    const faces = [
      { label: `REST ${c.rest.split('?')[0]}`, request: rest },
      { label: `MCP 2026-07-28 ${c.op}`, request: mcp26 },
      { label: `MCP 2025-11-25 ${c.op}`, request: mcp25 },
    ];
    const f = (x: number) => `${x.toFixed(2)}×`;

    console.log(`\n${c.op}, one call at a time (${CALLS} calls each, the three taking turns call by call):`);
    const single = await interleavedOneAtATime(server.url, faces, CALLS);
    table(single);
    const sRatio = (i: number, k: 'p50' | 'p95') => f(single[i][k] / single[0][k]);
    lines.push(
      `${c.op}, one call at a time: MCP/REST p50 ${sRatio(1, 'p50')} p95 ${sRatio(1, 'p95')} (2026-07-28); p50 ${sRatio(2, 'p50')} p95 ${sRatio(2, 'p95')} (2025-11-25)  — target ≤ 1.3×`,
    );

    console.log(`\n${c.op}, ${CONCURRENCY} at once (${SECONDS}s per face in ${ROUNDS} rounds):`);
    await load('warm-up', server.url, rest, 2);
    await load('warm-up', server.url, mcp26, 2);
    const { combined, ratio, cost } = await compare(server.url, faces);
    table(combined);
    console.log(
      `server CPU per request: ${combined.map((x) => `${x.label} ${x.cpuPerRequest.toFixed(2)} ms`).join(', ')}`,
    );
    lines.push(
      `${c.op}, ${CONCURRENCY} at once: MCP/REST p50 ${f(ratio(1, 'p50'))} p95 ${f(ratio(1, 'p95'))} server CPU/request ${f(cost(1))} (2026-07-28); ` +
        `p50 ${f(ratio(2, 'p50'))} p95 ${f(ratio(2, 'p95'))} server CPU/request ${f(cost(2))} (2025-11-25)`,
    );
  }
  console.log(
    `\nOne run. One call at a time: each face's own latencies. ${CONCURRENCY} at once: ratios are medians of the rounds' ratios;`,
  );
  console.log(
    "CPU/request is the server process tree's CPU time per request, MCP ÷ REST (from /proc; steady even when other work slows the machine).",
  );
  for (const line of lines) console.log(line);
} finally {
  server.stop();
}
process.exit(0);
