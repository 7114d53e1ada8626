import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client';

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/** Applies pending drizzle-kit migrations (and the extensions they rely on). */
export async function migrate(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
    await run(handle.db as never, { migrationsFolder });
  }
}
