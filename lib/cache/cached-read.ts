import { getPublicPrimaryDb, type Db } from '@/db/client';
import { publicCache } from './public-cache';

/**
 * A public read through the process's cache (lib/cache/public-cache), keyed by `key` and expired by
 * `tags`. It is built from the primary, so a rebuild after a write never stores a replica's older value.
 */
export function cachedRead<T>(
  key: readonly (string | number)[],
  tags: readonly string[],
  load: (db: Db) => Promise<T>,
): Promise<T> {
  return publicCache().read(JSON.stringify(key), tags, async () => load(await getPublicPrimaryDb()));
}
