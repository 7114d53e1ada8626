import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache';

/** A load whose answers the test releases one at a time, counting how often it ran. */
function gatedLoad<T>(values: () => T) {
  const gates: (() => void)[] = [];
  const state = {
    calls: 0,
    load: async () => {
      state.calls++;
      await new Promise<void>((resolve) => gates.push(resolve));
      return values();
    },
    /** Lets the oldest waiting load answer. */
    release: async () => {
      await until(() => gates.length > 0);
      gates.shift()!();
    },
  };
  return state;
}

async function until(check: () => boolean | Promise<boolean>, ms = 2_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

const fast = { minRebuildIntervalMs: 0 };

/** A cache holding key `k` (tagged `tags`) built once for a reader, and its gated load (value 1, then 2, …). */
async function builtOnce(tags: string[]) {
  const cache = new PublicCache(fast);
  let n = 0;
  const g = gatedLoad(() => ++n);
  const first = cache.read('k', tags, g.load);
  await g.release();
  expect(await first).toBe(1);
  return { cache, g };
}

describe('PublicCache', () => {
  it('shares one build among concurrent misses of a key', async () => {
    const cache = new PublicCache(fast);
    let n = 0;
    const g = gatedLoad(() => ++n);
    const reads = Array.from({ length: 10 }, () => cache.read('k', ['t'], g.load));
    await g.release();
    expect(await Promise.all(reads)).toEqual(Array(10).fill(1));
    expect(g.calls).toBe(1);
    expect(await cache.read('k', ['t'], g.load)).toBe(1); // a hit: no further build
    expect(g.calls).toBe(1);
  });

  it('rebuilds at once when a tag expires, serving the last good value meanwhile', async () => {
    const { cache, g } = await builtOnce(['a', 'b']);
    cache.expire(['b']);
    await until(() => g.calls === 2); // the rebuild started without any reader
    expect(await cache.read('k', ['a', 'b'], g.load)).toBe(1); // the stale value, not a wait
    await g.release();
    await until(async () => (await cache.read('k', ['a', 'b'], g.load)) === 2);
    expect(g.calls).toBe(2);
  });

  it('leaves entries without the tag alone', async () => {
    const cache = new PublicCache(fast);
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('x', ['x'], load);
    cache.expire(['y']);
    expect(await cache.read('x', ['x'], load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('builds again when the tag expires during a build (it may have read before the write)', async () => {
    const cache = new PublicCache(fast);
    let n = 0;
    const g = gatedLoad(() => ++n);
    const read = cache.read('k', ['t'], g.load);
    await until(() => g.calls === 1);
    cache.expire(['t']); // the write lands while the first build runs
    await g.release(); // first build answers 1: too early, built again
    await g.release();
    expect(await read).toBe(2);
    expect(g.calls).toBe(2);
  });

  it('rebuilds only the most recently used entries an expiry reaches; the others wait for a reader', async () => {
    const cache = new PublicCache({ ...fast, proactiveRebuilds: 2 });
    const loads: Record<string, number> = {};
    const load = (key: string) => async () => (loads[key] = (loads[key] ?? 0) + 1);
    for (const key of ['a', 'b', 'c', 'd']) await cache.read(key, ['all'], load(key));
    cache.expire(['all']);
    await until(() => loads.d === 2 && loads.c === 2);
    expect(cache.size).toBe(2);
    expect(loads.a).toBe(1);
    expect(await cache.read('a', ['all'], load('a'))).toBe(2); // dropped: its reader builds it
  });

  it('rebuilds a key at most once per interval however many writes expire it', async () => {
    const cache = new PublicCache({ minRebuildIntervalMs: 150 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('k', ['t'], load);
    const start = Date.now();
    cache.expire(['t']); // the first write after the miss rebuilds at once
    await until(() => loads === 2);
    expect(Date.now() - start).toBeLessThan(100);
    await cache.read('k', ['t'], load); // read since, so worth rebuilding
    for (let i = 0; i < 10; i++) cache.expire(['t']); // a stream of writes: one rebuild, an interval later
    await until(() => loads === 3);
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
    await new Promise((r) => setTimeout(r, 200));
    expect(loads).toBe(3);
  });

  it('keeps the last good value when a rebuild fails, and tries again on the next read', async () => {
    const cache = new PublicCache(fast);
    let fail = false;
    let n = 0;
    const load = async () => {
      n++;
      if (fail) throw new Error('database busy');
      return n;
    };
    await cache.read('k', ['t'], load);
    fail = true;
    cache.expire(['t']);
    await until(() => n === 2);
    expect(await cache.read('k', ['t'], load)).toBe(1);
    fail = false;
    await until(async () => (await cache.read('k', ['t'], load)) > 2); // a later, successful build
  });

  it('a miss whose build fails rejects its readers and stores nothing', async () => {
    const cache = new PublicCache(fast);
    await expect(cache.read('k', ['t'], () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(cache.size).toBe(0);
  });

  it('reads through, storing nothing, while bypassed; clear forgets everything', async () => {
    const cache = new PublicCache(fast);
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('k', ['t'], load);
    cache.setBypass(true);
    expect(await cache.read('k', ['t'], load)).toBe(2);
    expect(await cache.read('k', ['t'], load)).toBe(3);
    cache.setBypass(false);
    expect(await cache.read('k', ['t'], load)).toBe(1); // what was cached before
    cache.clear();
    expect(await cache.read('k', ['t'], load)).toBe(4);
  });

  it('stays within its byte budget, dropping the least recently used', async () => {
    const cache = new PublicCache({ ...fast, maxBytes: 10_000 });
    for (let i = 0; i < 20; i++) await cache.read(`k${i}`, ['t'], async () => 'x'.repeat(1_000));
    expect(cache.size).toBeLessThanOrEqual(9);
    let loads = 0;
    await cache.read('k19', ['t'], async () => String(++loads));
    expect(loads).toBe(0); // the newest is still there
  });
  it('a miss expired during every build answers after its second build, stored as stale', async () => {
    const cache = new PublicCache({ minRebuildIntervalMs: 300 }); // a miss's second build does not wait for it
    let n = 0;
    const g = gatedLoad(() => ++n);
    const read = cache.read('k', ['t'], g.load);
    for (let i = 0; i < 2; i++) {
      await until(() => g.calls === i + 1);
      cache.expire(['t']); // writes keep landing while it builds
      await g.release();
    }
    expect(await read).toBe(2);
    expect(g.calls).toBe(2);
    expect(await cache.read('k', ['t'], g.load)).toBe(2); // the next reader gets it while it is rebuilt
    await until(() => g.calls === 3);
  });

  it('expires an entry by the tags its build added while it ran (a page by the data it read)', async () => {
    const cache = new PublicCache(fast);
    let n = 0;
    const load = async (tags: Set<string>) => {
      tags.add(`listing:${++n}`);
      return n;
    };
    expect(await cache.read('page', ['public'], load)).toBe(1);
    cache.expire(['listing:9']); // a tag it never read
    expect(await cache.read('page', ['public'], load)).toBe(1);
    cache.expire(['listing:1']);
    await until(async () => (await cache.read('page', ['public'], load)) === 2);
  });

  it('builds again when a tag the build already added expires before it finishes', async () => {
    const cache = new PublicCache(fast);
    let n = 0;
    const gates: (() => void)[] = [];
    const load = async (tags: Set<string>) => {
      const mine = ++n;
      tags.add('home');
      await new Promise<void>((resolve) => gates.push(resolve));
      return mine;
    };
    const read = cache.read('page', ['public'], load);
    await until(() => gates.length === 1);
    cache.expire(['home']); // lands after the build read the home data
    gates.shift()!();
    await until(() => gates.length === 1);
    gates.shift()!();
    expect(await read).toBe(2);
  });

  it('a fresh read waits for the rebuild of a stale value instead of answering it', async () => {
    const { cache, g } = await builtOnce(['t']);
    cache.expire(['t']);
    await until(() => g.calls === 2);
    expect(await cache.read('k', ['t'], g.load)).toBe(1); // an ordinary reader gets the last good value
    const fresh = cache.read('k', ['t'], g.load, { fresh: true });
    let answered = false;
    void fresh.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    await g.release();
    expect(await fresh).toBe(2);
    expect(g.calls).toBe(2); // it waited for the rebuild under way, it did not start another
  });
  it('drops, instead of rebuilding, an expired entry nobody read since its last build', async () => {
    const cache = new PublicCache(fast);
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('k', ['t'], load); // built for a reader
    cache.expire(['t']);
    await until(() => loads === 2); // it was read: rebuilt at once
    cache.expire(['t']);
    await new Promise((r) => setTimeout(r, 20));
    expect(loads).toBe(2); // nobody read the rebuilt value: dropped, not rebuilt
    expect(cache.size).toBe(0);
    expect(await cache.read('k', ['t'], load)).toBe(3); // its next reader builds it
  });
  it('builds again a rebuild expired while it ran only when someone read the last good value meanwhile', async () => {
    const { cache, g } = await builtOnce(['t']);
    cache.expire(['t']); // the entry was read: rebuilt at once
    await until(() => g.calls === 2);
    cache.expire(['t']); // a write lands during the rebuild, and nobody reads the page meanwhile
    await g.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(g.calls).toBe(2); // not built again for nobody: kept as stale
    expect(await cache.read('k', ['t'], g.load)).toBe(2); // its next reader gets it and refreshes it
    await until(() => g.calls === 3);
    cache.expire(['t']); // a write during this rebuild, and a reader meanwhile
    expect(await cache.read('k', ['t'], g.load)).toBe(2);
    await g.release(); // too early: built again for the reader
    await until(() => g.calls === 4);
    await g.release();
    await until(async () => (await cache.read('k', ['t'], g.load)) === 4);
    expect(g.calls).toBe(4);
  });
});
