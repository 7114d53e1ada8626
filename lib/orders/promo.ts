// Promo codes (docs/decisions.md#promo-codes): matched exactly as typed; refused with a reason
// (not_found, expired, not_started, exhausted, not_applicable, already_used); the discount comes off
// before VAT. Wrong tries are counted per account and per client IP; past PROMO_WRONG_TRIES (10) in
// PROMO_WRONG_TRIES_WINDOW_S (3600 s) every promo attempt is answered 429 with Retry-After.
// At payment the code is claimed again, atomically (claimRedemption).
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { promoCodes, promoRedemptions, rateLimits } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { hitRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';

export type PromoRow = typeof promoCodes.$inferSelect;
export const PROMO_REFUSALS = [
  'not_found',
  'expired',
  'not_started',
  'exhausted',
  'not_applicable',
  'already_used',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

const REFUSAL_TEXT: Record<PromoRefusal, string> = {
  not_found: 'There is no such promo code (codes are matched exactly as typed).',
  expired: 'This promo code has expired.',
  not_started: 'This promo code is not valid yet.',
  exhausted: 'This promo code has been used up.',
  not_applicable: 'This promo code does not apply to these products.',
  already_used: 'You have already used this promo code.',
};

export function promoRefusalText(reason: PromoRefusal): string {
  return REFUSAL_TEXT[reason];
}

export function promoRefused(reason: PromoRefusal): AppError {
  return new AppError('promo_code_invalid', REFUSAL_TEXT[reason], {
    errors: [{ path: 'promo_code', message: REFUSAL_TEXT[reason] }],
    extra: { reason },
  });
}

export function wrongTriesRule(): RateLimitRule {
  return {
    limit: Number(process.env.PROMO_WRONG_TRIES) || 10,
    windowMs: (Number(process.env.PROMO_WRONG_TRIES_WINDOW_S) || 3600) * 1000,
  };
}

/**
 * Wrong tries count per account, and per address at five times the account's limit: enough to stop
 * one person guessing with many accounts, and one account alone cannot lock out everyone behind the
 * same address (an office, a mobile network).
 */
const IP_FACTOR = 5;
const triesKeys = (userId: string, ip: string | null) => [
  { key: `promo:user:${userId}`, rule: wrongTriesRule() },
  ...(ip ? [{ key: `promo:ip:${ip}`, rule: { ...wrongTriesRule(), limit: wrongTriesRule().limit * IP_FACTOR } }] : []),
];

function tooMany(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  const wait = retryAfter < 60 ? `${retryAfter} s` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('rate_limited', `Too many wrong promo codes. Try again in ${wait}.`, {
    headers: { 'Retry-After': String(retryAfter) },
    extra: { retry_after: retryAfter },
  });
}

/** 429 when the account or the IP is past the wrong-try threshold in the current window. */
export async function assertPromoTriesLeft(db: DbOrTx, userId: string, ip: string | null, now: Date) {
  for (const { key, rule } of triesKeys(userId, ip)) {
    const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (row && row.windowStart.getTime() === windowStart.getTime() && row.count >= rule.limit)
      throw tooMany(Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000)));
  }
}

/** Counts one wrong try; 429 instead of the refusal once past the threshold. */
export async function countWrongTry(db: DbOrTx, userId: string, ip: string | null, now: Date) {
  let over = 0;
  for (const { key, rule } of triesKeys(userId, ip)) {
    const r = await hitRateLimit(db, key, rule, now);
    if (r.count > rule.limit) over = Math.max(over, r.retryAfterSeconds);
  }
  if (over) throw tooMany(over);
}

/** Redemptions that count against a code now: redeemed ones and holds not expired yet. */
function activeRedemption(now: Date) {
  return or(
    eq(promoRedemptions.status, 'redeemed'),
    and(eq(promoRedemptions.status, 'held'), gt(promoRedemptions.heldUntil, now)),
  )!;
}

export type PromoLine = { productKey: string; amountCents: number };

/** What a code takes off these lines before VAT (only the lines of the products it applies to). */
export function discountOf(promo: PromoRow, lines: PromoLine[]): number {
  const base = lines
    .filter((l) => promo.productKeys.length === 0 || promo.productKeys.includes(l.productKey))
    .reduce((sum, l) => sum + l.amountCents, 0);
  const off = promo.kind === 'percent' ? Math.round((base * promo.value) / 10_000) : promo.value;
  return Math.max(0, Math.min(base, off));
}

/** Why a code cannot be used for these lines by this account now, or null when it can. */
export async function promoRefusal(
  db: DbOrTx,
  promo: PromoRow | undefined,
  input: { userId: string | null; lines: PromoLine[]; now: Date; orderId?: number },
): Promise<PromoRefusal | null> {
  if (!promo) return 'not_found';
  // Switched off by the site team: it ended, for a buyer who typed it right ("no such code" said otherwise).
  if (!promo.active) return 'expired';
  if (promo.startsAt && promo.startsAt > input.now) return 'not_started';
  if (promo.endsAt && promo.endsAt <= input.now) return 'expired';
  if (promo.productKeys.length && !input.lines.some((l) => promo.productKeys.includes(l.productKey)))
    return 'not_applicable';
  const others = input.orderId ? ne(promoRedemptions.orderId, input.orderId) : undefined;
  if (promo.oncePerAccount && input.userId) {
    const [mine] = await db
      .select({ id: promoRedemptions.id })
      .from(promoRedemptions)
      .where(
        and(
          eq(promoRedemptions.promoCodeId, promo.id),
          eq(promoRedemptions.userId, input.userId),
          activeRedemption(input.now),
          others,
        ),
      )
      .limit(1);
    if (mine) return 'already_used';
  }
  if (promo.maxRedemptions !== null) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promo.id), activeRedemption(input.now), others));
    if (n >= promo.maxRedemptions) return 'exhausted';
  }
  if (discountOf(promo, input.lines) === 0) return 'not_applicable';
  return null;
}

/**
 * A code typed for a quote or a checkout: the code and its discount, or a 422 with the reason, or
 * 429 past the threshold. The caller counts a refusal as a wrong try (countingWrongTries), outside
 * any transaction the refusal rolls back.
 */
export async function applyPromoCode(
  db: DbOrTx,
  code: string,
  input: { userId: string; ip: string | null; lines: PromoLine[]; now: Date },
): Promise<{ promo: PromoRow; discountCents: number }> {
  await assertPromoTriesLeft(db, input.userId, input.ip, input.now);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const refusal = await promoRefusal(db, promo, input);
  if (refusal) throw promoRefused(refusal);
  return { promo, discountCents: discountOf(promo, input.lines) };
}

/** Runs `fn`; a promo refusal it throws is counted as a wrong try (and becomes 429 past the threshold). */
export async function countingWrongTries<T>(
  db: DbOrTx,
  who: { userId: string; ip: string | null; now: Date },
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.code === 'promo_code_invalid')
      await countWrongTry(db, who.userId, who.ip, who.now);
    throw err;
  }
}

/**
 * Claims the code for an order at payment, atomically: the code's row is locked while the
 * redemptions are counted, so racing payments see each other. Returns the refusal when the code can
 * no longer be used (the order is then re-priced without it). Holding again for the same order
 * extends its hold.
 */
export async function claimRedemption(
  tx: DbOrTx,
  input: {
    promoCodeId: number;
    orderId: number;
    userId: string | null;
    lines: PromoLine[];
    now: Date;
    holdUntil: Date;
  },
): Promise<{ ok: true; discountCents: number } | { ok: false; reason: PromoRefusal }> {
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, input.promoCodeId)).for('update');
  const refusal = await promoRefusal(tx, promo, input);
  if (refusal) return { ok: false, reason: refusal };
  const discountCents = discountOf(promo, input.lines);
  await tx
    .insert(promoRedemptions)
    .values({
      promoCodeId: promo.id,
      orderId: input.orderId,
      userId: input.userId,
      status: 'held',
      discountCents,
      heldUntil: input.holdUntil,
    })
    .onConflictDoUpdate({
      target: promoRedemptions.orderId,
      set: { status: 'held', heldUntil: input.holdUntil, discountCents, promoCodeId: promo.id },
    });
  return { ok: true, discountCents };
}

/** The order was paid: its hold becomes a redemption. */
export async function redeemHold(tx: DbOrTx, orderId: number, now: Date) {
  await tx
    .update(promoRedemptions)
    .set({ status: 'redeemed', redeemedAt: now, heldUntil: null })
    .where(and(eq(promoRedemptions.orderId, orderId), ne(promoRedemptions.status, 'redeemed')));
}

/** The order expired, was cancelled or its payment failed: its hold is given back. */
export async function releaseHold(tx: DbOrTx, orderId: number) {
  await tx
    .update(promoRedemptions)
    .set({ status: 'released', heldUntil: null })
    .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.status, 'held')));
}
