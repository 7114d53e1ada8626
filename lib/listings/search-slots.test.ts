// Searches with words are limited per instance: beyond the limit a search waits briefly for a
// slot, then gets 503 service_busy with Retry-After (REST) or the same problem (MCP).
import { describe, expect, it, vi } from 'vitest';
import { cachedSearch } from '@/lib/directory/cached';
import { AppError } from '@/lib/errors/app-error';
import { isServiceBusy } from '@/lib/errors/problem';
import { problemOfResult } from '@/lib/mcp/server';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { createSlots, defaultSearchConcurrency, searchSlots } from './search-slots';
import { callMcpTool } from '@/test/support/mcp-call';

await useTestDatabase();
const app = await useApp();

function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

describe('createSlots', () => {
  it('runs up to the limit at once; the next waits for a freed slot', async () => {
    const slots = createSlots(2, 1000);
    const first = gate();
    const a = slots.run(() => first.closed.then(() => 'a'));
    const b = slots.run(async () => 'b');
    expect(slots.running).toBe(2);
    await b;
    const c = slots.run(async () => 'c');
    const d = slots.run(async () => 'd'); // waits for a slot
    expect(await c).toBe('c');
    expect(await d).toBe('d');
    first.open();
    expect(await a).toBe('a');
    expect(slots.running).toBe(0);
  });

  it('a search that waits longer than the queue wait → 503 service_busy with Retry-After', async () => {
    const slots = createSlots(1, 50);
    const held = gate();
    const holder = slots.run(() => held.closed);
    const started = Date.now();
    const refused = await slots.run(async () => 'never').catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'service_busy', headers: { 'Retry-After': '1' } });
    held.open();
    await holder;
    expect(await slots.run(async () => 'free again')).toBe('free again');
  });

  it('a slot freed while a search waits is handed to it (never more than the limit)', async () => {
    const slots = createSlots(1, 1000);
    const held = gate();
    const holder = slots.run(() => held.closed);
    let peak = 0;
    const waiters = [1, 2, 3].map(() =>
      slots.run(async () => {
        peak = Math.max(peak, slots.running);
        await new Promise((r) => setTimeout(r, 5));
      }),
    );
    held.open();
    await holder;
    await Promise.all(waiters);
    expect(peak).toBe(1);
    expect(slots.running).toBe(0);
  });

  it('a run may wait longer than the queue wait of the slots', async () => {
    const slots = createSlots(1, 10);
    const held = gate();
    const holder = slots.run(() => held.closed);
    const patient = slots.run(async () => 'patient', 500);
    await expect(slots.run(async () => 'hasty')).rejects.toThrow(AppError);
    held.open();
    await holder;
    expect(await patient).toBe('patient');
  });

  it('a work that throws frees its slot', async () => {
    const slots = createSlots(1, 10);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'ok')).toBe('ok');
  });
});

describe('search_listings under the limit', () => {
  /** Occupies every slot of this process until the returned function is called. */
  function occupyAll() {
    const held = gate();
    const limit = defaultSearchConcurrency(); // SEARCH_CONCURRENCY is not set in the tests
    const holders = Array.from({ length: limit }, () => searchSlots().run(() => held.closed));
    return async () => {
      held.open();
      await Promise.all(holders);
    };
  }

  it('a search with words while every slot is taken → 503 with Retry-After on REST', async () => {
    const release = occupyAll();
    const res = await fetch(`${app.url}/api/v1/listings?q=ledger`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ code: 'service_busy', retry_after: 1 });

    const withoutWords = await fetch(`${app.url}/api/v1/listings?sort=votes`);
    expect(withoutWords.status).toBe(200); // listing by votes reads an index: not limited

    await release();
    expect((await fetch(`${app.url}/api/v1/listings?q=ledger`)).status).toBe(200);
  });

  it("the search page's searches take the same slots, waiting longer for one (its read of the cache, rebuilt on a miss)", async () => {
    vi.stubEnv('SEARCH_PAGE_QUEUE_WAIT_MS', '1000');
    const waited = occupyAll();
    const waiting = cachedSearch({ q: 'invoice', page: 1, per_page: 20 });
    await new Promise((r) => setTimeout(r, 300)); // past the API's 150 ms
    await waited();
    expect((await waiting).total).toBeGreaterThan(0); // it got a slot within its wait

    vi.stubEnv('SEARCH_PAGE_QUEUE_WAIT_MS', '20');
    const release = occupyAll();
    const input = { q: 'ledger', page: 1, per_page: 20 };
    const refused = await cachedSearch(input).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(isServiceBusy(refused)).toBe(true);
    expect((await cachedSearch({ sort: 'votes', page: 1, per_page: 20 })).rows.length).toBeGreaterThan(0); // no words: not limited
    await release();
    expect((await cachedSearch(input)).total).toBeGreaterThan(0);
    vi.unstubAllEnvs();
  });

  it('the same over MCP: the tool result carries the problem', async () => {
    const release = occupyAll();
    const res = await callMcpTool(app.url, 'search_listings', { q: 'ledger' });
    const { result } = await res.json();
    expect(result.isError).toBe(true);
    expect(problemOfResult(result)).toMatchObject({ status: 503, code: 'service_busy', retry_after: 1 });
    await release();
  });
});
