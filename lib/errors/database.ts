// PostgreSQL errors that mean "the database is protecting itself", not a bug: answered 503.

/** SQLSTATE 57014 query_canceled: the statement timeout, or a cancel (the client went away). */
const QUERY_CANCELED = '57014';

/** The SQLSTATE of a driver error (postgres.js, PGlite), looking through Drizzle's wrapper (`cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isQueryCanceled(err: unknown): boolean {
  return sqlState(err) === QUERY_CANCELED;
}
