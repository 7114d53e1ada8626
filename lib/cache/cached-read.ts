import { getPublicPrimaryDb, type Db } from '@/db/client';
import { currentPageRender } from './page-renders';
import { publicCache } from './public-cache';

/**
 * A public read through the process's cache (lib/cache/public-cache), keyed by `key` and expired by
 * `tags`. It is built from the primary, so a rebuild after a write never stores a replica's older value.
 * Inside a page render for the page cache, the tags go to the render and the value is never a stale one.
 */
export async function cachedRead<T>(
  key: readonly (string | number)[],
  tags: readonly string[],
  load: (db: Db) => Promise<T>,
): Promise<T> {
  const render = await currentPageRender();
  if (render) for (const tag of tags) render.tags.add(tag);
  return publicCache().read(JSON.stringify(key), tags, async () => load(await getPublicPrimaryDb()), {
    fresh: render !== undefined,
  });
}
