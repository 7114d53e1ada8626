// The server's V8 heap limit (`--max-old-space-size`), given by `npm start` to the Next.js process.
// Without one, V8 sizes the heap for the machine (a quarter of its memory, up to 4 GB) and, on a
// heap limit of 2 GB or more, lets garbage grow to four times the live heap before a full
// collection: a server with a 130 MB live heap sat between 400 and 650 MB RSS while rendering
// product pages (bench/memory.ts). Below 2 GB V8 grows the heap by 1.3–2× at most (its
// MemoryController::MaxGrowingFactor), so a 1 GB limit keeps RSS near the live heap while leaving
// room for caches (lib/cache holds up to 64 MB of entries) and bursts, far from an out-of-memory.
export const DEFAULT_SERVER_HEAP_MB = 1024;
const MIN_SERVER_HEAP_MB = 128;

export type HeapPlan = { args: string[]; note?: string; error?: string };

/**
 * `machineLimitMb`: the limit V8 chose for this machine (v8.getHeapStatistics().heap_size_limit);
 * the default never raises it on a small machine. NODE_OPTIONS=--max-old-space-size wins.
 */
export function planServerHeap(env: Record<string, string | undefined>, machineLimitMb: number): HeapPlan {
  if (/--max[-_]old[-_]space[-_]size\b/.test(env.NODE_OPTIONS ?? '')) return { args: [] };
  const raw = env.SERVER_HEAP_MB;
  if (raw !== undefined && raw !== '') {
    const mb = Number(raw);
    if (!Number.isInteger(mb) || mb < MIN_SERVER_HEAP_MB)
      return {
        args: [],
        error: `SERVER_HEAP_MB must be a whole number of megabytes, at least ${MIN_SERVER_HEAP_MB} (got ${raw}).`,
      };
    return { args: [`--max-old-space-size=${mb}`], note: `[start] server heap limit ${mb} MB (SERVER_HEAP_MB).` };
  }
  const mb = Math.max(MIN_SERVER_HEAP_MB, Math.min(DEFAULT_SERVER_HEAP_MB, Math.floor(machineLimitMb)));
  return { args: [`--max-old-space-size=${mb}`] };
}
