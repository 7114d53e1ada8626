// robots.txt per RFC 9309 with robots-parser: our own product token; 4xx → everything allowed;
// 5xx or unreachable → nothing fetched; at most 500 KiB parsed; cached in the database (24 h).
import { eq } from 'drizzle-orm';
import robotsParser from 'robots-parser';
import type { DbOrTx } from '@/db/client';
import { robotsCache } from '@/db/schema';
import { guardedFetch, isGuardedFetchError, type FetchFailure } from '@/lib/net/guarded-fetch';

export const BOT_TOKEN = 'ProductDirectoryBot';
export const ROBOTS_MAX_BYTES = 500 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A robots.txt that could not be read is retried sooner than a good one. */
const FAILURE_TTL_MS = 10 * 60 * 1000;

export type RobotsVerdict = 'allow_all' | 'disallow_all' | 'parsed';
export type Robots = {
  verdict: RobotsVerdict;
  /** Why everything is disallowed: 5xx answer or the site could not be reached. */
  failure: FetchFailure | 'server_error' | null;
  isAllowed: (url: string) => boolean;
};

function build(origin: string, verdict: RobotsVerdict, body: string, failure: Robots['failure']): Robots {
  if (verdict === 'allow_all') return { verdict, failure: null, isAllowed: () => true };
  if (verdict === 'disallow_all') return { verdict, failure, isAllowed: () => false };
  const parser = robotsParser(`${origin}/robots.txt`, body);
  return { verdict, failure: null, isAllowed: (url) => parser.isAllowed(url, BOT_TOKEN) !== false };
}

async function fetchRobots(
  origin: string,
): Promise<{ verdict: RobotsVerdict; body: string; failure: Robots['failure'] }> {
  try {
    const res = await guardedFetch(`${origin}/robots.txt`, {
      maxBytes: ROBOTS_MAX_BYTES,
      truncate: true,
      timeoutMs: 10_000,
      accept: 'text/plain, */*',
    });
    if (res.status >= 200 && res.status < 300) return { verdict: 'parsed', body: res.text(), failure: null };
    if (res.status >= 400 && res.status < 500) return { verdict: 'allow_all', body: '', failure: null };
    return { verdict: 'disallow_all', body: '', failure: 'server_error' };
  } catch (err) {
    if (!isGuardedFetchError(err)) throw err;
    // A redirect loop is "unreachable" too (RFC 9309 2.3.1.2 after 5 hops).
    return {
      verdict: 'disallow_all',
      body: '',
      failure: err.reason === 'too_many_redirects' ? 'unreachable' : err.reason,
    };
  }
}

export async function getRobots(db: DbOrTx, origin: string, now = new Date()): Promise<Robots> {
  const [cached] = await db.select().from(robotsCache).where(eq(robotsCache.origin, origin));
  if (cached && cached.expiresAt > now) {
    const failure = cached.verdict === 'disallow_all' ? ((cached.body || 'server_error') as Robots['failure']) : null;
    return build(origin, cached.verdict as RobotsVerdict, cached.verdict === 'parsed' ? cached.body : '', failure);
  }
  const fetched = await fetchRobots(origin);
  // Only real answers are cached: an unreachable site may be back for the next submission, and a
  // blocked address depends on this process's allow-list.
  if (fetched.failure === null || fetched.failure === 'server_error') {
    const ttl = fetched.verdict === 'disallow_all' ? FAILURE_TTL_MS : DAY_MS;
    const body = fetched.verdict === 'disallow_all' ? (fetched.failure ?? 'server_error') : fetched.body;
    const row = {
      verdict: fetched.verdict,
      body,
      fetchedAt: now,
      expiresAt: new Date(now.getTime() + ttl),
      updatedAt: now,
    };
    await db
      .insert(robotsCache)
      .values({ origin, ...row })
      .onConflictDoUpdate({ target: robotsCache.origin, set: row });
  }
  return build(origin, fetched.verdict, fetched.body, fetched.failure);
}
