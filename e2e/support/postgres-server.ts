// App servers on PostgreSQL for the specs that need more than the suite's own server (which runs on
// the embedded database): `npm start` (scripts/start.ts) from the suite's build folder, on a free
// port, against a database the spec creates. PostgreSQL is E2E_PG_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres; a spec skips itself when it is unreachable.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export const pgUrl =
  process.env.E2E_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export type Server = { url: string; port: number; proc: ChildProcess };

export async function postgresReachable(): Promise<boolean> {
  const sql = postgres(pgUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Runs `fn` on a connection of its own to `database` (default: the server's maintenance database). */
export async function admin<T>(fn: (sql: postgres.Sql) => Promise<T>, database?: string): Promise<T> {
  const sql = postgres(databaseUrl(database), { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The URL of `database` on the spec's PostgreSQL server. */
export function databaseUrl(database?: string): string {
  const url = new URL(pgUrl);
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** `npm start` on `database` with the demo data, `env` on top; resolves once the API answers. */
export async function startServer(database: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      AUTH_URL: url,
      DATABASE_URL: databaseUrl(database),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pg-')),
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-e2e',
      START_REUSE_BUILD: '1', // the suite's server serves this build folder: never rebuild it
      SEED_DEMO: '1', // listings with votes
      DEV_MAILBOX: '1',
      SIGN_IN_EMAIL_LIMIT: '100',
      VOTE_RATE_LIMIT: '1000',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server on ${port} exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/categories`)).ok) return { url, port, proc };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Creates `database` for a spec; false when PostgreSQL is unreachable (the spec then skips its tests). */
export async function createDatabase(database: string): Promise<boolean> {
  if (!(await postgresReachable())) return false;
  await admin((sql) => sql.unsafe(`create database ${database}`));
  return true;
}

/** Stops a spec's servers and drops its database. */
export async function stopAndDrop(servers: (Server | undefined)[], database: string): Promise<void> {
  for (const s of servers) s?.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  await admin((sql) => sql.unsafe(`drop database if exists ${database} with (force)`));
}
