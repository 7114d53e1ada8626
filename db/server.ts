import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from './schema';
import { withRequestCancel } from './cancel';
import type { Db, DbHandle } from './client';

export async function openServer(url: string): Promise<DbHandle> {
  const client = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {} });
  const db = drizzle({ client: withRequestCancel(client), schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}
