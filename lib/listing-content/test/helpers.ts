// Shared by the listing-content tests: a listing owned by an account, in a given status.
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import {
  follows,
  listings,
  sites,
  LISTING_PLAN,
  LISTING_STATUS,
  type ListingPlan,
  type ListingStatus,
} from '@/db/schema';

export async function ownListing(
  db: Db,
  ownerId: string,
  opts: { status?: ListingStatus; plan?: ListingPlan; name?: string } = {},
) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const token = randomBytes(4).toString('hex');
  const name = opts.name ?? `Quillnote ${token}`;
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      ownerId,
      slug: `quillnote-${token}`,
      name,
      url: `https://quillnote-${token}.example.com`,
      headline: 'Notes that keep up',
      status: opts.status ?? LISTING_STATUS.live,
      plan: opts.plan ?? LISTING_PLAN.paid,
      launchedAt: new Date(),
    })
    .returning();
  return row;
}

/** `userIds` follow the listing; returns their unsubscribe tokens in the same order. */
export async function follow(db: Db, listingId: number, userIds: string[]): Promise<string[]> {
  const rows = await db
    .insert(follows)
    .values(userIds.map((userId) => ({ listingId, userId })))
    .returning({ userId: follows.userId, token: follows.unsubscribeToken });
  return userIds.map((id) => rows.find((r) => r.userId === id)!.token);
}
