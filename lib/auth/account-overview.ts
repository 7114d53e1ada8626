// What the account dashboard shows about the account itself.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, drafts, users } from '@/db/schema';

/** drafts: products the account has submitted by URL (any status); none means it has not started. */
export type AccountOverview = { memberSince: Date | null; activeApiKeys: number; drafts: number };

export async function getAccountOverview(db: Db, userId: string): Promise<AccountOverview> {
  const [[user], [keys], [owned]] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))),
    db.select({ n: count() }).from(drafts).where(eq(drafts.ownerId, userId)),
  ]);
  return { memberSince: user?.createdAt ?? null, activeApiKeys: keys?.n ?? 0, drafts: owned?.n ?? 0 };
}
