// The one database handle of this process: PostgreSQL when DATABASE_URL is set, else embedded PGlite.
// Opened lazily on first use, so `next build` never touches it.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { openEmbedded } from './embedded';
import { openServer, type ServerOptions } from './server';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the handle or a transaction on it: domain functions accept both. */
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Public reads (replicas when configured); absent: `db`. */
  publicDb?: Db;
  /** Public reads from the primary (cache rebuilds); absent: `db`. */
  publicPrimaryDb?: Db;
};

const g = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

export function openDatabase(opts: { url?: string; dataDir?: string } & ServerOptions = {}): Promise<DbHandle> {
  const { url = process.env.DATABASE_URL, dataDir, ...server } = opts;
  return url ? openServer(url, server) : openEmbedded(dataDir);
}

/** The process-wide handle (migrated). */
export function getDbHandle(): Promise<DbHandle> {
  if (!g.__dbHandle) {
    g.__dbHandle = openDatabase().then(async (handle) => {
      const { migrate } = await import('./migrate');
      await migrate(handle);
      return handle;
    });
    g.__dbHandle.catch(() => {
      g.__dbHandle = undefined;
    });
  }
  return g.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * Public reads that no person's own data depends on (search, listing pages, leaderboards through the
 * API): under the public statement timeout, and from a replica when DATABASE_REPLICA_URLS is set.
 * A person's own data and every write use `getDb()` (the primary).
 */
export async function getPublicDb(): Promise<Db> {
  const handle = await getDbHandle();
  return handle.publicDb ?? handle.db;
}

/**
 * Public reads that fill a shared cache after a write (lib/cache): from the primary, so a rebuild
 * never stores a replica's older value, under the same statement timeout as `getPublicDb()`.
 */
export async function getPublicPrimaryDb(): Promise<Db> {
  const handle = await getDbHandle();
  return handle.publicPrimaryDb ?? handle.db;
}

/** Tests and scripts install their own handle (one per test file). */
export function setDbHandle(handle: DbHandle | undefined) {
  g.__dbHandle = handle ? Promise.resolve(handle) : undefined;
}

export { schema };
