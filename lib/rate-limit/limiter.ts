// A fixed-window rate limiter stored in the database, so every process (web, jobs, tests) shares
// the same counters. One atomic upsert per attempt: no read-then-write race.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = {
  ok: boolean;
  count: number;
  remaining: number;
  retryAfterSeconds: number;
  resetAt: Date;
};

/** Counts one attempt against `key` and says whether it is within `rule`. */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const resetAt = new Date(row.windowStart.getTime() + rule.windowMs);
  const ok = row.count <= rule.limit;
  return {
    ok,
    count: row.count,
    remaining: Math.max(0, rule.limit - row.count),
    retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
    resetAt,
  };
}

/** A wait as a person reads it: "45 s", "12 minutes", "16 hours" (Retry-After keeps the seconds). */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return `${hours} hours`;
}

/** Like hitRateLimit, but throws a 429 `rate_limited` AppError (with Retry-After) past the limit. */
export async function enforceRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateLimitRule,
  now?: Date,
  what = 'requests',
): Promise<RateLimitResult> {
  const result = await hitRateLimit(db, key, rule, now);
  if (!result.ok) {
    throw new AppError('rate_limited', `Too many ${what}. Try again in ${waitText(result.retryAfterSeconds)}.`, {
      headers: { 'Retry-After': String(result.retryAfterSeconds) },
      extra: { retry_after: result.retryAfterSeconds },
    });
  }
  return result;
}
