// What a search remembers between requests (spelling corrections, category ids), kept per database
// handle: a test's database, or another server's, never answers from what this one remembered.
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '@/db/client';

/** The LRU of each database handle, made on its first use with `options`. */
export function memoPerHandle<V extends object>(options: {
  max: number;
  ttl: number;
}): (db: DbOrTx) => LRUCache<string, V> {
  const memos = new WeakMap<DbOrTx, LRUCache<string, V>>();
  return (db) => {
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = new LRUCache<string, V>(options)));
    return memo;
  };
}
