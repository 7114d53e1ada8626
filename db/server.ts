// PostgreSQL through postgres.js: the primary pool for writes and a person's own data, and pools for
// public reads whose connections carry a statement timeout (a slow public query is cut off by
// PostgreSQL and answered 503, instead of holding a connection the writes need): one on the primary
// (cache rebuilds after a write), and one per read replica (DATABASE_REPLICA_URLS) when there are any.
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { withReplicas } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { withRequestCancel } from './cancel';
import { setWordSearchDb } from './word-search';
import type { Db, DbHandle } from './client';

export type ServerOptions = {
  /** Statement timeout of the public pool (ms); default DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS or 2000. */
  publicStatementTimeoutMs?: number;
  /** Read replicas for public reads; default DATABASE_REPLICA_URLS (comma-separated). */
  replicaUrls?: string[];
  /** Connections of the searches ranked by relevance (db/word-search.ts); default DATABASE_SEARCH_POOL_SIZE or 2. */
  searchPoolSize?: number;
};

const DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS = 2000;

/**
 * The session settings of the public-read connections (besides their statement timeout). Search words
 * differ by orders of magnitude in frequency: plan each run for its values (postgres.js prepares every
 * statement, and a generic plan cannot see them), and never JIT-compile (it cost 333 ms on a category
 * search at 1M listings, more than the query); room for a search's bitmap of matches (at the default
 * 4 MB it went lossy at 100k matches and rechecked whole pages). The benches' raw-SQL arms use them too.
 */
export const PUBLIC_READ_SETTINGS = { plan_cache_mode: 'force_custom_plan', jit: 'off', work_mem: '16MB' } as const;

/** The searches ranked by relevance: the same, but one generic plan per statement (db/word-search.ts). */
export const RELEVANCE_SEARCH_SETTINGS = { ...PUBLIC_READ_SETTINGS, plan_cache_mode: 'force_generic_plan' } as const;

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function replicaUrlsFromEnv(): string[] {
  return (process.env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * Public reads across the replicas: Drizzle's withReplicas sends select/with/query to a replica,
 * and everything else to the primary. `publicDb` serves reads only, so its raw `execute` (the
 * search's correction query) goes to a replica too.
 */
function replicated(primary: Db, replicas: Db[]): Db {
  const pick = () => replicas[Math.floor(Math.random() * replicas.length)];
  const db = withReplicas(primary, replicas as [Db, ...Db[]], pick);
  db.execute = (...args) => pick().execute(...args); // (assigned: a spread would freeze its `query` getter)
  return db as unknown as Db;
}

export async function openServer(url: string, opts: ServerOptions = {}): Promise<DbHandle> {
  const client = postgres(url, {
    max: envNumber('DATABASE_POOL_SIZE', 10),
    onnotice: () => {},
    connection: { jit: 'off' },
  });
  const db = drizzle({ client: withRequestCancel(client), schema }) as unknown as Db;

  const timeout =
    opts.publicStatementTimeoutMs ??
    envNumber('DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS', DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS);
  const publicPool = (at: string) =>
    postgres(at, {
      max: envNumber('DATABASE_PUBLIC_POOL_SIZE', 10),
      onnotice: () => {},
      connection: { statement_timeout: timeout, ...PUBLIC_READ_SETTINGS },
    });
  // Searches ranked by relevance: the same reads, planned once per connection (db/word-search.ts).
  const searchPool = (at: string) =>
    postgres(at, {
      max: opts.searchPoolSize ?? envNumber('DATABASE_SEARCH_POOL_SIZE', 2),
      onnotice: () => {},
      connection: { statement_timeout: timeout, ...RELEVANCE_SEARCH_SETTINGS },
    });
  const urls = [url, ...(opts.replicaUrls ?? replicaUrlsFromEnv())];
  const publicClients = urls.map(publicPool);
  const searchClients = urls.map(searchPool);
  const wrap = (c: postgres.Sql) => drizzle({ client: withRequestCancel(c), schema }) as unknown as Db;
  const [publicPrimaryDb, ...replicaDbs] = publicClients.map(wrap);
  const [searchPrimaryDb, ...searchReplicaDbs] = searchClients.map(wrap);
  const publicDb = replicaDbs.length ? replicated(publicPrimaryDb, replicaDbs) : publicPrimaryDb;
  const searchDb = searchReplicaDbs.length ? replicated(searchPrimaryDb, searchReplicaDbs) : searchPrimaryDb;
  setWordSearchDb(publicDb, searchDb);
  setWordSearchDb(publicPrimaryDb, searchPrimaryDb);

  return {
    db,
    kind: 'postgres',
    publicDb,
    publicPrimaryDb,
    close: async () => {
      await Promise.all([client, ...publicClients, ...searchClients].map((c) => c.end({ timeout: 5 })));
    },
  };
}
