// Ids of rows (listings, milestones, keys, …) as callers send them: PostgreSQL's `integer` holds at
// most 2^31 − 1, so a larger id is refused here (422 naming the field) instead of reaching a query
// and failing there (a 500).
import { z } from 'zod';

export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a JSON body or a tool's arguments. */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID);

/** A row id in a path, a query string or a form (text turned into a number). */
export const rowIdText = () => z.coerce.number().int().positive().max(MAX_ROW_ID);

/** The same for a form value read by hand: the id, or null. */
export function rowIdOf(value: FormDataEntryValue | null): number | null {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID ? n : null;
}
