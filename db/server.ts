// PostgreSQL through postgres.js: the primary pool for writes and a person's own data, and a second
// pool for public reads whose connections carry a statement timeout (a slow public query is cut off
// by PostgreSQL and answered 503, instead of holding a connection the writes need).
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from './schema';
import { withRequestCancel } from './cancel';
import type { Db, DbHandle } from './client';

export type ServerOptions = {
  /** Statement timeout of the public pool (ms); default DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS or 2000. */
  publicStatementTimeoutMs?: number;
};

const DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS = 2000;

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
}

export async function openServer(url: string, opts: ServerOptions = {}): Promise<DbHandle> {
  const client = postgres(url, { max: envNumber('DATABASE_POOL_SIZE', 10), onnotice: () => {} });
  const db = drizzle({ client: withRequestCancel(client), schema }) as unknown as Db;

  const timeout =
    opts.publicStatementTimeoutMs ??
    envNumber('DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS', DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS);
  const publicClient = postgres(url, {
    max: envNumber('DATABASE_PUBLIC_POOL_SIZE', 10),
    onnotice: () => {},
    connection: { statement_timeout: timeout },
  });
  const publicDb = drizzle({ client: withRequestCancel(publicClient), schema }) as unknown as Db;

  return {
    db,
    kind: 'postgres',
    publicDb,
    publicPrimaryDb: publicDb,
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), publicClient.end({ timeout: 5 })]);
    },
  };
}
