// The process's cache of public page data: a bounded LRU (lru-cache) with tags, one rebuild per key
// at a time, and stale-while-revalidate. A write expires tags with `expire`: every entry carrying
// one is marked stale and the most recently used of those read since their last build are rebuilt
// at once (readers keep getting the last good value meanwhile); the rest are dropped and built by
// their next reader, so rebuilds follow what is being read rather than what was once read.
// `bypass` is for a process that cannot hear other servers' expiries (lib/cache/peers.ts).
// A build may add tags while it runs (a rendered page learns them from the data it reads): `load`
// gets the entry's tag set to add to, and an expiry of a tag added so far marks the build dirty.
import { LRUCache } from 'lru-cache';

/** Builds a value; may add to `tags` the tags of what it read. */
type Load = (tags: Set<string>) => Promise<unknown>;

type Entry = {
  value: unknown;
  tags: readonly string[];
  load: Load;
  /** An expiry reached it (or came during its build): the next read refreshes it. */
  stale: boolean;
  /** Read since it was built: worth rebuilding at once when it expires. */
  read: boolean;
  /** When the rebuild that made it started: the next one starts at least minRebuildIntervalMs later (-Infinity after a miss). */
  startedAt: number;
};

type Context = { tags: readonly string[]; load: Load };

/** A build in progress: `dirty` when one of its tags expired meanwhile (it read too early). */
type Flight = { tags: ReadonlySet<string>; dirty: boolean };

export type ReadOptions = {
  /** Never answer a stale value: wait for its rebuild (a page being cached must not keep old data). */
  fresh?: boolean;
};

export type PublicCacheOptions = {
  /** Most entries kept. */
  maxEntries?: number;
  /** Most bytes kept, counted as the JSON length of the values (a rough measure of their memory). */
  maxBytes?: number;
  /** A value older than this is refreshed on its next read (the backstop for a lost expiry). */
  maxAgeMs?: number;
  /** How many of the entries an expiry reaches are rebuilt at once; the others are dropped. */
  proactiveRebuilds?: number;
  /** Background rebuilds running at once (a reader waiting on a miss never queues behind them). */
  backgroundConcurrency?: number;
  /** A key's builds start at least this far apart, however many writes expire it. */
  minRebuildIntervalMs?: number;
};

/**
 * A background rebuild that keeps being expired while it runs is stored as stale after this many
 * tries, or after its first when nobody read the value it replaces meanwhile.
 */
const MAX_TRIES = 4;
/**
 * A miss (a reader waits, nothing to serve meanwhile) builds again at once if expired meanwhile, but
 * only once: under a steady stream of writes every build is expired while it runs, and a first
 * visitor must not wait for several builds. Its value is then stored as stale (the next read rebuilds).
 */
const MISS_TRIES = 2;

export class PublicCache {
  private readonly lru: LRUCache<string, Entry, Context>;
  private readonly flights = new Set<Flight>();
  private readonly proactive: number;
  private readonly minInterval: number;
  private readonly concurrency: number;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private bypassing = false;
  /** Builds run (for tests and measurements). */
  builds = 0;

  constructor(opts: PublicCacheOptions = {}) {
    this.proactive = opts.proactiveRebuilds ?? 32;
    this.minInterval = opts.minRebuildIntervalMs ?? 100;
    this.concurrency = opts.backgroundConcurrency ?? 4;
    this.lru = new LRUCache<string, Entry, Context>({
      max: opts.maxEntries ?? 5_000,
      maxSize: opts.maxBytes ?? 64_000_000,
      sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 1),
      ttl: opts.maxAgeMs ?? 300_000,
      allowStale: true,
      noDeleteOnStaleGet: true,
      // A failed background rebuild keeps the last good value (it is retried on the next read).
      noDeleteOnFetchRejection: true,
      // A build whose entry is evicted or cleared meanwhile still answers the readers waiting on it.
      ignoreFetchAbort: true,
      fetchMethod: (_key, stale, { context }) => this.build(stale, context),
    });
  }

  /** The cached value of `key`, built by `load` on a miss; a stale value is returned while it is rebuilt. */
  async read<T>(
    key: string,
    tags: readonly string[],
    load: (tags: Set<string>) => Promise<T>,
    opts: ReadOptions = {},
  ): Promise<T> {
    if (this.bypassing) return load(new Set(tags));
    const current = this.lru.peek(key, { allowStale: true });
    const entry = await this.lru.fetch(key, {
      context: { tags, load },
      forceRefresh: current?.stale === true,
      ...(opts.fresh ? { allowStale: false } : {}),
    });
    if (!entry) return load(new Set(tags));
    entry.read = true;
    return entry.value as T;
  }

  /** Marks every entry carrying one of `tags` stale, and starts rebuilding the most recently used of those being read. */
  expire(tags: readonly string[]): void {
    const expired = new Set(tags);
    const hits = (entryTags: Iterable<string>) => {
      for (const t of entryTags) if (expired.has(t)) return true;
      return false;
    };
    for (const flight of this.flights) if (hits(flight.tags)) flight.dirty = true;
    let rebuilt = 0;
    const dropped: string[] = [];
    // entries() walks from the most recently used, and skips keys being rebuilt (their flight is dirty).
    for (const [key, entry] of this.lru.entries()) {
      if (!hits(entry.tags)) continue;
      entry.stale = true;
      if (entry.read && rebuilt < this.proactive) {
        rebuilt++;
        void this.lru
          .fetch(key, { context: { tags: entry.tags, load: entry.load }, forceRefresh: true })
          .catch(() => {});
      } else dropped.push(key);
    }
    for (const key of dropped) this.lru.delete(key);
  }

  /** Forgets everything (builds under way are redone before they answer). */
  clear(): void {
    for (const flight of this.flights) flight.dirty = true;
    this.lru.clear();
  }

  /** While on, every read goes to `load` and nothing is stored or served from the cache. */
  setBypass(on: boolean): void {
    this.bypassing = on;
  }

  get bypass(): boolean {
    return this.bypassing;
  }

  /** The value kept for `key` (stale or not), without building, refreshing or counting as a read; undefined while bypassing. */
  peek<T>(key: string): T | undefined {
    if (this.bypassing) return undefined;
    return this.lru.peek(key, { allowStale: true })?.value as T | undefined;
  }

  get size(): number {
    return this.lru.size;
  }

  private async build(stale: Entry | undefined, context: Context): Promise<Entry> {
    // A background rebuild takes a slot for its load only (not while it waits for its interval);
    // a reader's miss never queues.
    const background = stale !== undefined;
    let last = stale?.startedAt;
    // Readers of the last good value while this rebuild runs mark it read again (see `retry` below).
    if (stale) stale.read = false;
    for (let tries = 1; ; tries++) {
      if (background && last !== undefined) await sleep(last + this.minInterval - Date.now());
      if (background) await this.acquire();
      const startedAt = (last = Date.now());
      const tags = new Set(context.tags);
      const flight: Flight = { tags, dirty: false };
      this.flights.add(flight);
      let value: unknown;
      try {
        this.builds++;
        value = await context.load(tags);
      } finally {
        this.flights.delete(flight);
        if (background) this.release();
      }
      // A rebuild expired while it ran tries again only while someone reads the value it replaces:
      // a page read once must not cost a render per write for as long as writes keep coming.
      const retry = background ? tries < MAX_TRIES && stale.read : tries < MISS_TRIES;
      if (!flight.dirty || !retry)
        // A miss's build does not hold back the first rebuild: a lone write shows at once, and only a
        // stream of writes is held to one rebuild per interval.
        return {
          value,
          tags: [...tags],
          load: context.load,
          stale: flight.dirty,
          read: false,
          startedAt: background ? startedAt : -Infinity,
        };
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

const g = globalThis as unknown as { __publicCache?: PublicCache; __pageCache?: PublicCache };

/** The process-wide cache of public data (on globalThis: Next loads instrumentation, the proxy and routes as separate bundles). */
export function publicCache(): PublicCache {
  return (g.__publicCache ??= new PublicCache());
}

/**
 * The process-wide cache of rendered public pages (lib/site/page-cache.ts). Its own instance: a page
 * build waits for the data builds it reads, which must never queue behind page builds. A page's
 * renders start at least 500 ms apart however many writes expire it (10 votes a second would
 * otherwise keep a core rendering the home page).
 */
export function pageCache(): PublicCache {
  return (g.__pageCache ??= new PublicCache({
    maxEntries: 1_000,
    maxBytes: 32_000_000,
    proactiveRebuilds: 16,
    minRebuildIntervalMs: 500,
  }));
}

/** Every cache of this process that writes expire and other servers keep in step (lib/cache/peers.ts). */
export function processCaches(): PublicCache[] {
  return [publicCache(), pageCache()];
}
