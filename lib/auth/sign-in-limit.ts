// Limits on sign-in mail, counted where the mail is sent (Auth.js's sendVerificationRequest), so
// every way in — the /signin form, POST /api/auth/signin/nodemailer, a script — is limited alike.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { mailboxKey } from '@/lib/mail/mailbox-key';
import { hitRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';

/** Links per address (plus-addressing folded) and per client IP, per 15 minutes. */
/** SIGN_IN_EMAIL_LIMIT / SIGN_IN_IP_LIMIT raise them for the E2E suite, whose specs sign in many times from one address. */
export const SIGN_IN_EMAIL_RULE: RateLimitRule = {
  limit: Number(process.env.SIGN_IN_EMAIL_LIMIT) || 5,
  windowMs: 15 * 60_000,
};
export const SIGN_IN_IP_RULE: RateLimitRule = {
  limit: Number(process.env.SIGN_IN_IP_LIMIT) || 30,
  windowMs: 15 * 60_000,
};

const emailKey = (email: string) => `signin:email:${mailboxKey(email)}`;
const ipKey = (ip: string) => `signin:ip:${ip}`;

/**
 * Counts one sign-in mail; false past either limit, and then nothing is sent. (Not an exception:
 * Auth.js awaits other work before it awaits this call, so a rejection would surface as an
 * unhandled one; and the caller sees "check your email" either way, which tells nothing about
 * the address.)
 */
export async function countSignInMail(
  db: DbOrTx,
  email: string,
  ip: string | null,
  now = new Date(),
): Promise<boolean> {
  const results = await Promise.all([
    hitRateLimit(db, emailKey(email), SIGN_IN_EMAIL_RULE, now),
    ...(ip ? [hitRateLimit(db, ipKey(ip), SIGN_IN_IP_RULE, now)] : []),
  ]);
  return results.every((r) => r.ok);
}

/** Seconds to wait when a new sign-in mail would be refused, else 0 (reads the counters, counts nothing). */
export async function signInMailWait(db: DbOrTx, email: string, ip: string | null, now = new Date()): Promise<number> {
  const rules = new Map<string, RateLimitRule>([[emailKey(email), SIGN_IN_EMAIL_RULE]]);
  if (ip) rules.set(ipKey(ip), SIGN_IN_IP_RULE);
  const rows = await db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [...rules.keys()]));
  let wait = 0;
  for (const row of rows) {
    const rule = rules.get(row.key)!;
    const resetAt = row.windowStart.getTime() + rule.windowMs;
    if (resetAt > now.getTime() && row.count >= rule.limit)
      wait = Math.max(wait, Math.ceil((resetAt - now.getTime()) / 1000));
  }
  return wait;
}
