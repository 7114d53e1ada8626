// What the account dashboard shows about the account itself.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';

export type AccountOverview = { memberSince: Date | null; activeApiKeys: number };

export async function getAccountOverview(db: Db, userId: string): Promise<AccountOverview> {
  const [[user], [keys]] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))),
  ]);
  return { memberSince: user?.createdAt ?? null, activeApiKeys: keys?.n ?? 0 };
}
