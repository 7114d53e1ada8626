// Cache expiries shared by every app server on one PostgreSQL database, through LISTEN/NOTIFY.
// A write's process sends `pg_notify('public_cache', {from, tags})`; every other process expires
// those tags in its own cache. A notification is not kept for a listener that is away, so while a
// process's listening connection is down its cache is bypassed, and once it listens again the cache
// is emptied (it may hold values from before a write it never heard of). PGlite serves one
// process: nothing to share.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { listenOn } from '@/db/listen';
import { processCaches, type PublicCache } from './public-cache';

export const PUBLIC_CACHE_CHANNEL = 'public_cache';

/** PostgreSQL refuses a payload of 8000 bytes or more: a longer list expires everything. */
const MAX_PAYLOAD = 7_000;
const EVERYTHING = 'public'; // tags.all

type Message = { from: string; tags: readonly string[] };

export type PeerLink = {
  /** Tells the other processes (inside a transaction, PostgreSQL delivers it at commit). */
  send: (list: readonly string[]) => Promise<void>;
  close: () => Promise<void>;
};

export function expiryPayload(from: string, list: readonly string[]): string {
  const payload = JSON.stringify({ from, tags: list } satisfies Message);
  return Buffer.byteLength(payload) <= MAX_PAYLOAD ? payload : JSON.stringify({ from, tags: [EVERYTHING] });
}

/**
 * Keeps `caches` in step with the other processes on the database at `url` (`db` sends): bypassed
 * until the listening connection is up, emptied every time it comes (back) up.
 */
export function joinPeers(
  caches: readonly PublicCache[],
  opts: { url: string; db: Db; retryMs?: number; applicationName?: string; log?: (line: string) => void },
): PeerLink {
  const instance = randomUUID();
  const log = opts.log ?? (() => {});
  let wasDown = false;
  const all = (act: (cache: PublicCache) => void) => caches.forEach(act);
  all((c) => c.setBypass(true));
  const listener = listenOn(
    opts.url,
    PUBLIC_CACHE_CHANNEL,
    {
      onNotify: (payload) => {
        const message = parse(payload);
        if (message && message.from !== instance) all((c) => c.expire(message.tags));
      },
      onUp: () => {
        all((c) => {
          c.clear();
          c.setBypass(false);
        });
        if (wasDown) log('[cache] listening for other servers’ expiries again: cache emptied and back in use');
        wasDown = false;
      },
      onDown: () => {
        if (!wasDown) log('[cache] lost the listening connection: public reads bypass the cache until it is back');
        wasDown = true;
        all((c) => c.setBypass(true));
      },
    },
    { retryMs: opts.retryMs, applicationName: opts.applicationName },
  );
  return {
    send: async (list) => {
      await opts.db.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${expiryPayload(instance, list)})`);
    },
    close: listener.close,
  };
}

const g = globalThis as unknown as { __cachePeerLink?: PeerLink };

/** Links the server process's cache (lib/boot/boot.ts, on PostgreSQL) to the other servers'. Once. */
export function linkProcessToPeers(url: string, db: Db): void {
  // Its application_name names the server's port, so an operator (or a test) can tell the servers apart.
  const applicationName = `public-cache-listener${process.env.PORT ? ` port ${process.env.PORT}` : ''}`;
  g.__cachePeerLink ??= joinPeers(processCaches(), { url, db, applicationName, log: (line) => console.log(line) });
}

/** Tells the other processes, when this one is linked to them. */
export function broadcastExpiry(list: readonly string[]): void {
  g.__cachePeerLink
    ?.send(list)
    .catch((err: unknown) => console.warn('[cache] could not tell the other servers of an expiry:', err));
}

function parse(payload: string): Message | null {
  try {
    const m = JSON.parse(payload) as Partial<Message>;
    return typeof m.from === 'string' && Array.isArray(m.tags) && m.tags.every((t) => typeof t === 'string')
      ? (m as Message)
      : null;
  } catch {
    return null;
  }
}
