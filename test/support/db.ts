// A fresh, migrated database for one test file: in-memory PGlite, or (with DATABASE_URL) a new
// PostgreSQL database created for this file and dropped afterwards.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll } from 'vitest';
import { openDatabase, setDbHandle, type DbHandle } from '@/db/client';
import type { ServerOptions } from '@/db/server';
import { openEmbedded } from '@/db/embedded';
import { migrate } from '@/db/migrate';
import { seedDatabase } from '@/db/seed/seed';

type TestDatabaseOptions = { seed?: boolean; now?: Date; server?: ServerOptions };

export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<DbHandle> {
  const baseUrl = process.env.DATABASE_URL;
  let handle: DbHandle;
  if (baseUrl) {
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const inner = await openDatabase({ url: url.toString(), ...opts.server });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const a = postgres(baseUrl, { max: 1, onnotice: () => {} });
        await a.unsafe(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  } else {
    handle = await openEmbedded('memory');
  }
  await migrate(handle);
  if (opts.seed !== false) await seedDatabase(handle.db, { now: opts.now, demo: true });
  return handle;
}

/** Creates the file's database, installs it as the app's handle, and closes it after the file. */
export async function useTestDatabase(opts: TestDatabaseOptions = {}): Promise<DbHandle> {
  const handle = await createTestDatabase(opts);
  setDbHandle(handle);
  afterAll(async () => {
    setDbHandle(undefined);
    await handle.close();
  });
  return handle;
}
