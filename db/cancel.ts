// A query run for a REST or MCP request is cancelled when that request's client goes away
// (PostgreSQL only; pages rely on the statement timeout). The faces enter `withRequestSignal` once
// per request; `withRequestCancel` wraps every postgres.js client the server opens (db/server.ts),
// so domain code never sees the signal.
import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';

type RequestScope = { signal: AbortSignal; running: Set<Pending> };
type Pending = { cancel: () => unknown; then: PromiseLike<unknown>['then'] };
type Sql = postgres.Sql;

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` so that the queries it starts are cancelled when `signal` aborts. */
export function withRequestSignal<T>(signal: AbortSignal | undefined, fn: () => T): T {
  if (!signal) return fn();
  const scope: RequestScope = { signal, running: new Set() };
  // One listener per request (an AbortSignal warns past 10 listeners; a request runs more queries).
  signal.addEventListener('abort', () => scope.running.forEach(cancel), { once: true });
  return requestScope.run(scope, fn);
}

function cancel(query: Pending) {
  void Promise.resolve(query.cancel()).catch(() => {});
}

/**
 * Cancels `query` when the current request's signal aborts (no-op outside a request). postgres.js
 * queries are lazy promises that start on their first then(): Drizzle awaits each one at once, so
 * the then() here starts nothing Drizzle would not (this wrapper serves Drizzle only, no cursors).
 */
function cancelOnAbort<Q extends Pending>(query: Q): Q {
  const scope = requestScope.getStore();
  if (!scope) return query;
  if (scope.signal.aborted) {
    cancel(query);
    return query;
  }
  scope.running.add(query);
  const settled = () => void scope.running.delete(query);
  query.then(settled, settled);
  return query;
}

type Begin = (...args: unknown[]) => unknown;

/**
 * Drizzle's postgres-js session runs every statement through `client.unsafe(...)`, and transactions
 * through `client.begin(cb)` / `tx.savepoint(cb)` whose callback receives another client: each of
 * those is wrapped the same way.
 */
export function withRequestCancel<T>(client: T): T {
  const sql = client as unknown as Sql;
  return new Proxy(sql, {
    get(target, prop) {
      if (prop === 'unsafe') {
        return (...args: Parameters<Sql['unsafe']>) => cancelOnAbort(target.unsafe(...args));
      }
      if (prop === 'begin' || prop === 'savepoint') {
        const original = Reflect.get(target, prop, target) as Begin;
        return (...args: unknown[]) => {
          const callback = args.at(-1) as (tx: Sql) => unknown;
          return original.call(target, ...args.slice(0, -1), (tx: Sql) => callback(withRequestCancel(tx)));
        };
      }
      return Reflect.get(target, prop, target);
    },
  }) as unknown as T;
}
