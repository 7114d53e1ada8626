import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from './schema';
import type { Db, DbHandle } from './client';
import { acquireDataDirLock } from './lock';

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data');
}

/**
 * Opens PGlite. `dataDir` 'memory' gives a throwaway in-memory database (tests).
 * A file-backed PGlite is guarded by a lock file: PGlite does not lock its folder and two
 * processes writing to one folder silently lose data.
 */
export async function openEmbedded(dir?: string): Promise<DbHandle> {
  const memory = dir === 'memory';
  let release = () => {};
  let pgDir: string | undefined;
  if (!memory) {
    const root = dir ? path.resolve(/*turbopackIgnore: true*/ dir) : dataDir();
    fs.mkdirSync(root, { recursive: true });
    release = acquireDataDirLock(root);
    pgDir = path.join(/*turbopackIgnore: true*/ root, 'pglite');
  }
  const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}
