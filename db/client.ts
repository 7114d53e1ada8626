// The one database handle of this process: PostgreSQL when DATABASE_URL is set, else embedded PGlite.
// Opened lazily on first use, so `next build` never touches it.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { openEmbedded } from './embedded';
import { openServer } from './server';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the handle or a transaction on it: domain functions accept both. */
export type DbOrTx = Db | Tx;

export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const g = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

export function openDatabase(opts: { url?: string; dataDir?: string } = {}): Promise<DbHandle> {
  const url = opts.url ?? process.env.DATABASE_URL;
  return url ? openServer(url) : openEmbedded(opts.dataDir);
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

/** Tests and scripts install their own handle (one per test file). */
export function setDbHandle(handle: DbHandle | undefined) {
  g.__dbHandle = handle ? Promise.resolve(handle) : undefined;
}

export { schema };
