// The unsubscribe link of a follow (follows.unsubscribe_token): whoever holds the link may stop that
// one follow, signed in or not. Looking the link up changes nothing (mail scanners open links);
// only the confirm button (a POST) unfollows.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { follows, listings } from '@/db/schema';
import { listingPageTags, revalidatePublic } from '@/lib/cache/tags';

export type UnsubscribeTarget = { listingId: number; listingName: string; slug: string };

/** Tokens are UUIDs; anything else is not looked up. */
const plausible = (token: string) => token.length >= 8 && token.length <= 100 && /^[A-Za-z0-9-]+$/.test(token);

/** The listing a link's follow is for, or null when the link is unknown or already used. */
export async function findUnsubscribe(db: DbOrTx, token: string): Promise<UnsubscribeTarget | null> {
  if (!plausible(token)) return null;
  const [row] = await db
    .select({ listingId: listings.id, listingName: listings.name, slug: listings.slug })
    .from(follows)
    .innerJoin(listings, eq(listings.id, follows.listingId))
    .where(eq(follows.unsubscribeToken, token));
  return row ?? null;
}

/** Ends the follow the link belongs to; returns what was unfollowed, or null when nothing was. */
export async function unsubscribe(db: DbOrTx, token: string): Promise<UnsubscribeTarget | null> {
  if (!plausible(token)) return null;
  const target = await findUnsubscribe(db, token);
  if (!target) return null;
  const deleted = await db
    .delete(follows)
    .where(eq(follows.unsubscribeToken, token))
    .returning({ listingId: follows.listingId });
  if (!deleted.length) return null;
  revalidatePublic(...listingPageTags({ id: target.listingId, slug: target.slug }));
  return target;
}
