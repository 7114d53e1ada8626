// How many drafts one account may start (docs/security.md): each draft reads up to its byte budget
// from a site and may call a model, and a new query string (?1, ?2 …) defeats the same-URL dedupe.
// DRAFTS_PER_DAY in any 24 hours and DRAFTS_IN_FLIGHT still being built; past either, a 429.
import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { drafts } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

const DAY_MS = 24 * 60 * 60 * 1000;
const setting = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
export const draftsPerDay = () => setting('DRAFTS_PER_DAY', 20);
export const draftsInFlight = () => setting('DRAFTS_IN_FLIGHT', 10);

const refuse = (detail: string, retryAfter: number) =>
  new AppError('rate_limited', detail, {
    headers: { 'retry-after': String(retryAfter) },
    extra: { retry_after: retryAfter },
  });

/** Throws a 429 when `ownerId` may not start another draft now. */
export async function enforceDraftQuota(db: DbOrTx, ownerId: string, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [[today], [building]] = await Promise.all([
    db
      .select({ n: count(), oldest: min(drafts.createdAt) })
      .from(drafts)
      .where(and(eq(drafts.ownerId, ownerId), gt(drafts.createdAt, dayAgo))),
    db
      .select({ n: count() })
      .from(drafts)
      .where(and(eq(drafts.ownerId, ownerId), inArray(drafts.status, ['crawling', 'drafting']))),
  ]);
  if (today.n >= draftsPerDay()) {
    const retryAfter = Math.max(
      1,
      Math.ceil(((today.oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000),
    );
    throw refuse(
      `An account can start at most ${draftsPerDay()} drafts a day. Try again in ${Math.ceil(retryAfter / 3600)} h.`,
      retryAfter,
    );
  }
  if (building.n >= draftsInFlight()) {
    throw refuse(
      `${building.n} of your drafts are still being built (at most ${draftsInFlight()} at once). Try again when one is ready.`,
      30,
    );
  }
}
