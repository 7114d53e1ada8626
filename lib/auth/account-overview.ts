// What the account dashboard shows about the account itself.
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, drafts, users } from '@/db/schema';

/**
 * drafts.all: products the account has submitted by URL (any status); none means it has not started.
 * drafts.inProgress: the ones still to finish (being built, or ready to edit and submit); not one
 * already submitted (it is a listing now) or failed (it only tells why).
 */
export type AccountOverview = {
  memberSince: Date | null;
  activeApiKeys: number;
  drafts: { all: number; inProgress: number };
};

const IN_PROGRESS = ['crawling', 'drafting', 'ready'];

export async function getAccountOverview(db: Db, userId: string): Promise<AccountOverview> {
  const [[user], [keys], [owned], [open]] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))),
    db
      .select({ n: count() })
      .from(drafts)
      .where(and(eq(drafts.ownerId, userId), isNull(drafts.removedAt))),
    db
      .select({ n: count() })
      .from(drafts)
      .where(and(eq(drafts.ownerId, userId), inArray(drafts.status, IN_PROGRESS))),
  ]);
  return {
    memberSince: user?.createdAt ?? null,
    activeApiKeys: keys?.n ?? 0,
    drafts: { all: owned?.n ?? 0, inProgress: open?.n ?? 0 },
  };
}
