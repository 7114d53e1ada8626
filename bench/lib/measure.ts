// Shared benchmark helpers: load runners (in-process, autocannon, one HTTP call at a time), percentiles, a production server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';

export type Result = {
  label: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  /** Answers that were not 2xx (only with `tolerateErrors`). */
  non2xx?: number;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `task` from `concurrency` loops for `seconds`; latency in ms. */
export async function loadLoop(
  label: string,
  task: (i: number) => Promise<unknown>,
  opts: { concurrency: number; seconds: number },
): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + opts.seconds * 1000;
  let i = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await task(i++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

/** autocannon against HTTP paths (rotating), for `seconds` or, with `amount`, for that many requests. */
export async function loadHttp(
  label: string,
  baseUrl: string,
  paths: string[],
  opts: {
    concurrency: number;
    seconds: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Count non-2xx answers (e.g. 503 under load) instead of failing. */
    tolerateErrors?: boolean;
  },
): Promise<Result> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: opts.concurrency,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
    headers: opts.headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if ((result.non2xx > 0 && !opts.tolerateErrors) || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const seconds = opts.amount ? result.duration : opts.seconds;
  return {
    label,
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ? pick95(result) : result.latency.p90,
    ...(opts.tolerateErrors ? { non2xx: result.non2xx } : {}),
  };
}

function pick95(result: autocannon.Result): number {
  // autocannon reports p90 and p97_5; take the interpolated 95th percentile between them.
  const { p90, p97_5 } = result.latency;
  return p90 + ((p97_5 - p90) * (95 - 90)) / (97.5 - 90);
}

const ms = (x: number) => x.toFixed(x < 10 ? 2 : 1);

export function table(results: Result[]) {
  console.log(
    '\n' +
      ['what'.padEnd(28), 'req/s'.padStart(9), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'requests'.padStart(9)].join(
        ' ',
      ),
  );
  for (const r of results) {
    console.log(
      [
        r.label.padEnd(28),
        r.rps.toFixed(0).padStart(9),
        ms(r.p50).padStart(9),
        ms(r.p95).padStart(9),
        String(r.requests).padStart(9),
      ].join(' '),
    );
  }
}

/** Starts `npm start` (production build) on a port and waits until it answers. */
export async function startProductionServer(
  env: Record<string, string>,
  readyPath = '/api/v1/categories',
): Promise<{ url: string; stop: () => void; proc: ChildProcess }> {
  const port = env.PORT;
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, proc, stop: () => proc.kill('SIGTERM') };
}

/**
 * The production server on a bench database (port, database, build folder), started without an
 * earlier run's data cache (older builds kept it on disk next to the build).
 */
export function startBenchServer(opts: { port: string; databaseUrl: string; distDir: string }) {
  fs.rmSync(path.join(opts.distDir, 'cache', 'fetch-cache'), { recursive: true, force: true });
  return startProductionServer({
    PORT: opts.port,
    DATABASE_URL: opts.databaseUrl,
    NEXT_DIST_DIR: opts.distDir,
    APP_URL: `http://127.0.0.1:${opts.port}`,
  });
}

/**
 * CPU time (ms) used so far by a process and its descendants (Linux /proc; 0 elsewhere). Unlike
 * latency it does not grow when other work on the machine takes the CPU away from the server.
 */
export function processTreeCpuMs(rootPid: number): number {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const pid of entries) {
    try {
      const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {
      /* exited meanwhile */
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    const s = stats.get(pid);
    if (s) total += s.cpu;
    for (const [child, c] of stats) if (c.ppid === pid) walk(child);
  };
  walk(rootPid);
  return total / ticksPerMs;
}

export type HttpRequestSpec = { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> };

/** One HTTP request on a kept-alive connection; its latency in ms. Throws on a non-2xx answer. */
function timedRequest(agent: http.Agent, baseUrl: string, spec: HttpRequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(baseUrl + spec.path, { method: spec.method, headers: spec.headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        (res.statusCode ?? 0) < 300
          ? resolve(performance.now() - start)
          : reject(new Error(`${spec.method} ${spec.path}: HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(spec.body);
  });
}

/**
 * Latency one request at a time, the faces taking turns call by call (the order reversed every
 * other turn), so a slower moment of a shared machine touches every face alike.
 */
export async function interleavedOneAtATime(
  baseUrl: string,
  faces: { label: string; request: HttpRequestSpec }[],
  calls: number,
  warmUpCalls = 200,
): Promise<Result[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = faces.map(() => [] as number[]);
  const started = performance.now();
  try {
    for (let turn = -warmUpCalls; turn < calls; turn++) {
      const order = turn % 2 === 0 ? faces.map((_, i) => i) : faces.map((_, i) => faces.length - 1 - i);
      for (const i of order) {
        const ms = await timedRequest(agent, baseUrl, faces[i].request);
        if (turn >= 0) latencies[i].push(ms);
      }
    }
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return faces.map((f, i) => {
    const sorted = latencies[i].sort((a, b) => a - b);
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    return {
      label: f.label,
      requests: sorted.length,
      seconds,
      rps: 1000 / mean,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
    };
  });
}
