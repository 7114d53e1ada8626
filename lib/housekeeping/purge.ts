// Housekeeping: rows that only matter for a while are deleted once they cannot matter any more.
// Runs hourly (Inngest cron, or a timer in the server process when Inngest is not configured).
import { lt, or, and, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthCodes, oauthConsentRequests, oauthTokens, rateLimits } from '@/db/schema';
import { purgeExpiredKeys } from '@/lib/operations/idempotency';
import { purgeUnusedClients } from '@/lib/oauth/clients';
import { purgeOldMail } from '@/lib/mail/retention';

const HOUR = 3_600_000;
/** Expired OAuth rows are kept a day (support questions, "why was I signed out"), then deleted. */
export const OAUTH_GRACE_MS = 24 * HOUR;
/** Rate-limit windows are at most minutes long; a day-old counter is dead. */
const RATE_LIMIT_GRACE_MS = 24 * HOUR;

export type PurgeReport = { oauthCodes: number; oauthConsentRequests: number; oauthTokens: number; rateLimits: number };

/**
 * Deletes expired OAuth codes, consent requests and tokens (a rotated refresh token is kept until
 * it expires: presenting it again before then must still revoke its family), idempotency keys past
 * their 24 h, old rate-limit windows, dynamic OAuth clients nobody allowed within a day, and old
 * outbox mail (lib/mail/retention.ts).
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeReport> {
  const oauthCutoff = new Date(now.getTime() - OAUTH_GRACE_MS);
  const codes = await db
    .delete(oauthCodes)
    .where(
      or(lt(oauthCodes.expiresAt, oauthCutoff), and(isNotNull(oauthCodes.usedAt), lt(oauthCodes.usedAt, oauthCutoff))),
    )
    .returning({ hash: oauthCodes.hash });
  const consents = await db
    .delete(oauthConsentRequests)
    .where(lt(oauthConsentRequests.expiresAt, oauthCutoff))
    .returning({ id: oauthConsentRequests.id });
  const tokens = await db
    .delete(oauthTokens)
    .where(lt(oauthTokens.expiresAt, oauthCutoff))
    .returning({ id: oauthTokens.id });
  const windows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_GRACE_MS)))
    .returning({ key: rateLimits.key });
  await purgeExpiredKeys(db, now);
  await purgeUnusedClients(db, now);
  await purgeOldMail(db, now);
  return {
    oauthCodes: codes.length,
    oauthConsentRequests: consents.length,
    oauthTokens: tokens.length,
    rateLimits: windows.length,
  };
}
