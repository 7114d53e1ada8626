// A per-instance limit on searches with words: at most SEARCH_CONCURRENCY run at once (default: the
// machine's cores, at least 2; a search is CPU work in PostgreSQL, and more at once only queue there),
// a search beyond it waits up to SEARCH_QUEUE_WAIT_MS (default 150) for a slot, then is answered
// 503 service_busy with Retry-After. The search page's searches take the same slots but wait up to
// SEARCH_PAGE_QUEUE_WAIT_MS (default 2000): an API client retries after Retry-After, a person would
// see a "busy" page where a slower one serves them better (measured at 1M on this 2-core machine, 4
// new search pages at once: with 150 ms, 6–9 % of them were busy pages). A word found in nearly every listing costs PostgreSQL far more
// than a product page; without a limit a burst of them starves every other read.
import { availableParallelism } from 'node:os';
import { serviceBusy } from '@/lib/errors/app-error';

export type Slots = {
  /** Runs `work` in a slot, waiting for one up to `maxWaitMs` (default: the slots' queue wait); throws 503 service_busy past it. */
  run<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T>;
  /** Searches running now (for tests and benches). */
  readonly running: number;
};

export function createSlots(limit: number, maxWaitMs: number): Slots {
  let running = 0;
  const waiting: (() => void)[] = [];

  function acquire(wait: number): Promise<void> {
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(); // the releasing search handed its slot over: `running` stays as it was
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(granted), 1);
        reject(serviceBusy('Too many searches are running on this server. Try again in a moment.'));
      }, wait);
      waiting.push(granted);
    });
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    async run(work, wait = maxWaitMs) {
      await acquire(wait);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
  };
}

/** SEARCH_CONCURRENCY's default: with 4 on this 2-core machine, 8 clients searching back to back kept product pages at p95 81 ms; with 2, 47 ms. */
export const defaultSearchConcurrency = () => Math.max(2, availableParallelism());

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isInteger(value) && value >= 0 ? value : fallback;
}

const g = globalThis as unknown as { __searchSlots?: Slots };

/** How long a search of the search page waits for a slot (SEARCH_PAGE_QUEUE_WAIT_MS). */
export const searchPageQueueWaitMs = () => envInt('SEARCH_PAGE_QUEUE_WAIT_MS', 2000);

/** Searches with words one server runs at once (SEARCH_CONCURRENCY). */
export const searchConcurrency = () => Math.max(1, envInt('SEARCH_CONCURRENCY', defaultSearchConcurrency()));

/** This process's search slots (read from the environment on first use). */
export function searchSlots(): Slots {
  g.__searchSlots ??= createSlots(searchConcurrency(), envInt('SEARCH_QUEUE_WAIT_MS', 150));
  return g.__searchSlots;
}
