// Where a search ranked by relevance runs on PostgreSQL (a module of its own: domain code imports it without the
// database drivers). The sibling is kept on the handle itself, under a registered symbol: the server's
// bundles each hold their own copy of this module, and share the handle (db/client.ts, globalThis).
import type { DbOrTx } from './client';

const sibling = Symbol.for('product-directory.wordSearchDb');

type WithSibling = { [sibling]?: DbOrTx };

/**
 * Where a search ranked by relevance runs: on PostgreSQL, for a public handle, its sibling pool whose
 * connections keep one generic plan per statement (plan_cache_mode force_generic_plan); else `db`.
 * Planning the search statement (its CTEs hold every way a search can go) cost as much as running it,
 * and a custom plan gains nothing once the words are a one-time subquery (lib/listings/search.ts).
 * Other public reads keep custom plans: their values (a category's size) choose between plans.
 */
export function wordSearchDb(db: DbOrTx): DbOrTx {
  return (db as WithSibling)[sibling] ?? db;
}

/** Makes `to` where `from`'s searches ranked by relevance run (db/server.ts). */
export function setWordSearchDb(from: DbOrTx, to: DbOrTx): void {
  (from as WithSibling)[sibling] = to;
}
