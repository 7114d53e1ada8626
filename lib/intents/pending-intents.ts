// A vote or follow pressed while signed out, carried through sign-in and performed once on return.
// The intent lives in pending_intents; the browser holds only an opaque random id (an httpOnly
// cookie set by the button's same-origin POST). It is consumed at most once, by the account that
// signs in within 15 minutes, and never travels in a URL: a link cannot make anyone vote.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { listings, pendingIntents } from '@/db/schema';
import type { OpContext } from '@/lib/context';
import { AppError, notFound } from '@/lib/errors/app-error';
import { isFollowing, setFollow } from '@/lib/follows/follows';
import { setVote } from '@/lib/votes/votes';

export const INTENT_TTL_MS = 15 * 60_000;
export const INTENT_KINDS = ['vote', 'follow'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

type Ctx = Pick<OpContext, 'db' | 'now'>;

export type PendingIntent = { kind: IntentKind; listingId: number; returnPath: string };
export type IntentOutcome = PendingIntent & { active: boolean; count: number; changed: boolean };

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

export function isIntentKind(value: unknown): value is IntentKind {
  return typeof value === 'string' && (INTENT_KINDS as readonly string[]).includes(value);
}

/**
 * Records what the visitor asked for and returns the opaque id for the cookie. Refuses a listing
 * that does not exist (not_found). Rows expired for an hour are cleared on the way.
 */
export async function createIntent(ctx: Ctx, input: PendingIntent): Promise<{ id: string; expiresAt: Date }> {
  if (!input.returnPath.startsWith('/') || input.returnPath.startsWith('//'))
    throw new Error('returnPath must be a same-site path');
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + INTENT_TTL_MS);
  await ctx.db.delete(pendingIntents).where(lt(pendingIntents.expiresAt, new Date(ctx.now.getTime() - 60 * 60_000)));
  const inserted = await ctx.db
    .insert(pendingIntents)
    .select(
      ctx.db
        .select({
          idHash: sql<string>`${hashId(id)}`.as('id_hash'),
          kind: sql<string>`${input.kind}`.as('kind'),
          listingId: listings.id,
          returnPath: sql<string>`${input.returnPath}`.as('return_path'),
          createdAt: sql<Date>`${ctx.now.toISOString()}::timestamptz`.as('created_at'),
          expiresAt: sql<Date>`${expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          consumedAt: sql<Date | null>`null`.as('consumed_at'),
          consumedBy: sql<string | null>`null`.as('consumed_by'),
          awaitingEmailHash: sql<string | null>`null`.as('awaiting_email_hash'),
        })
        .from(listings)
        .where(eq(listings.id, input.listingId)),
    )
    .returning({ idHash: pendingIntents.idHash });
  if (!inserted.length) throw notFound('Listing');
  return { id, expiresAt };
}

/**
 * Takes the intent behind `id` for `userId`: only once, only before it expires. Returns null for
 * an unknown, malformed, expired or already consumed id.
 */
export async function consumeIntent(ctx: Ctx, id: string, userId: string): Promise<PendingIntent | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await ctx.db
    .update(pendingIntents)
    .set({ consumedAt: ctx.now, consumedBy: userId })
    .where(
      and(
        eq(pendingIntents.idHash, hashId(id)),
        isNull(pendingIntents.consumedAt),
        gt(pendingIntents.expiresAt, ctx.now),
      ),
    )
    .returning({
      kind: pendingIntents.kind,
      listingId: pendingIntents.listingId,
      returnPath: pendingIntents.returnPath,
    });
  if (!row || !isIntentKind(row.kind)) return null;
  return { kind: row.kind, listingId: row.listingId, returnPath: row.returnPath };
}

/**
 * What became of an intent `consume` did not return: consumed by this account ('used', a second
 * return), or never consumed and expired ('expired'). Both carry the page to go back to; anything
 * else (unknown id, consumed by another account) is null.
 */
async function lookupSpent(
  ctx: Ctx,
  id: string,
  userId: string,
): Promise<Extract<Resumed, { status: 'used' | 'expired' }> | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await ctx.db
    .select({
      returnPath: pendingIntents.returnPath,
      consumedBy: pendingIntents.consumedBy,
      consumedAt: pendingIntents.consumedAt,
    })
    .from(pendingIntents)
    .where(eq(pendingIntents.idHash, hashId(id)));
  if (!row) return null;
  if (row.consumedAt === null) return { status: 'expired', returnPath: row.returnPath };
  return row.consumedBy === userId ? { status: 'used', returnPath: row.returnPath } : null;
}

/** Performs a consumed intent for the account (setVote/setFollow: a vote already cast stays one vote). */
export async function performIntent(ctx: Ctx, intent: PendingIntent, userId: string): Promise<IntentOutcome> {
  const db: Db = ctx.db;
  if (intent.kind === 'vote') {
    const r = await setVote(db, { userId, listingId: intent.listingId, vote: true }, { now: ctx.now });
    return { ...intent, active: r.voted, count: r.votes, changed: r.changed };
  }
  const was = await isFollowing(db, userId, intent.listingId);
  const r = await setFollow(db, { userId, listingId: intent.listingId, follow: true }, { now: ctx.now });
  return { ...intent, active: r.following, count: r.followers, changed: !was };
}

export type Resumed =
  | { status: 'done'; outcome: IntentOutcome }
  | { status: 'failed'; intent: PendingIntent; code: AppError['code'] }
  | { status: 'used'; returnPath: string }
  | { status: 'expired'; returnPath: string }
  | { status: 'none' };

/**
 * On return from sign-in: consume the intent behind the cookie's id and perform it. A second return
 * finds it consumed ('used', nothing is done again), a late one 'expired'; a refused vote (rate limit, listing no longer
 * live) is 'failed' with its code, and stays consumed.
 */
export async function resumeIntent(ctx: Ctx, id: string, userId: string): Promise<Resumed> {
  const intent = await consumeIntent(ctx, id, userId);
  if (!intent) {
    return (await lookupSpent(ctx, id, userId)) ?? { status: 'none' };
  }
  try {
    return { status: 'done', outcome: await performIntent(ctx, intent, userId) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: 'failed', intent, code: err.code };
  }
}

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * A sign-in link was asked for `email` from the browser holding these intents: should the link be
 * opened in another browser (where no cookie names them), awaitingFor finds them by the address.
 */
export async function awaitEmail(ctx: Ctx, ids: string[], email: string): Promise<void> {
  const hashes = ids.filter((id) => ID_PATTERN.test(id)).map(hashId);
  if (!hashes.length) return;
  await ctx.db
    .update(pendingIntents)
    .set({ awaitingEmailHash: emailHash(email) })
    .where(and(inArray(pendingIntents.idHash, hashes), isNull(pendingIntents.consumedAt)));
}

/**
 * Of `ids` (a browser's cookie), those whose sign-in link was asked for `email` from that browser
 * (awaitEmail): only they may be performed on return. A cookie planted by someone else (a sibling
 * origin can set one) names intents that never waited for this address, so a signed-in visitor sent
 * to /intents/resume votes for nothing.
 */
export async function idsAwaiting(ctx: Ctx, ids: string[], email: string | null): Promise<string[]> {
  const valid = ids.filter((id) => ID_PATTERN.test(id));
  if (!valid.length || !email) return [];
  const rows = await ctx.db
    .select({ idHash: pendingIntents.idHash })
    .from(pendingIntents)
    .where(
      and(inArray(pendingIntents.idHash, valid.map(hashId)), eq(pendingIntents.awaitingEmailHash, emailHash(email))),
    );
  const waiting = new Set(rows.map((r) => r.idHash));
  return valid.filter((id) => waiting.has(hashId(id)));
}

export type AwaitingIntent = { kind: IntentKind; listingId: number; name: string; slug: string };

/**
 * The intents pressed in another browser before `email` signed in there, taken (once) by `userId`:
 * not performed (a link must not vote for anyone), only offered again. Newest last.
 */
export async function takeAwaitingFor(ctx: Ctx, email: string, userId: string): Promise<AwaitingIntent[]> {
  const taken = await ctx.db
    .update(pendingIntents)
    .set({ consumedAt: ctx.now, consumedBy: userId })
    .where(
      and(
        eq(pendingIntents.awaitingEmailHash, emailHash(email)),
        isNull(pendingIntents.consumedAt),
        gt(pendingIntents.expiresAt, ctx.now),
      ),
    )
    .returning({ kind: pendingIntents.kind, listingId: pendingIntents.listingId, createdAt: pendingIntents.createdAt });
  if (!taken.length) return [];
  const names = await ctx.db
    .select({ id: listings.id, name: listings.name, slug: listings.slug })
    .from(listings)
    .where(
      and(
        inArray(
          listings.id,
          taken.map((t) => t.listingId),
        ),
        eq(listings.status, 'live'),
      ),
    );
  return taken
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .flatMap((t) => {
      const l = names.find((n) => n.id === t.listingId);
      return l && isIntentKind(t.kind) ? [{ kind: t.kind, listingId: l.id, name: l.name, slug: l.slug }] : [];
    });
}
