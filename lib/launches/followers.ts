// When a listing goes live, people who follow the maker's other live products hear of it: one mail
// per follower per launch (launch_notices, written in the mail's transaction, so a retried job
// sends nobody a second copy), in batches so a popular maker does not hold one long transaction.
// The unsubscribe link is the follow's own (the update mails' page, /unsubscribe/<token>).
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { follows, launchNotices, listings, users, LISTING_STATUS } from '@/db/schema';
import { sendMail } from '@/lib/mail/send-mail';
import { followerMail } from './mails';

const BATCH = 100;

export async function tellFollowers(db: Db, baseUrl: string, listingId: number, now: Date): Promise<number> {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!listing) return 0;
  // The job is sent in the go-live transaction; a backend that runs it before that commits retries.
  if (listing.status !== LISTING_STATUS.live) throw new Error(`listing ${listingId} is not live (yet)`);
  if (!listing.ownerId) return 0;
  const week = listing.launchWeek ?? '';
  let sent = 0;
  let after = '';
  for (;;) {
    // Followers of the maker's other live products (not the maker), one row each with one product they follow.
    const batch = await db
      .select({
        userId: users.id,
        email: users.email,
        product: sql<string>`(array_agg(${listings.name} order by ${listings.id}))[1]`,
        token: sql<string>`(array_agg(${follows.unsubscribeToken} order by ${listings.id}))[1]`,
      })
      .from(follows)
      .innerJoin(listings, eq(listings.id, follows.listingId))
      .innerJoin(users, eq(users.id, follows.userId))
      .where(
        and(
          eq(listings.ownerId, listing.ownerId),
          ne(listings.id, listing.id),
          eq(listings.status, LISTING_STATUS.live),
          ne(follows.userId, listing.ownerId),
          gt(users.id, after),
        ),
      )
      .groupBy(users.id, users.email)
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (batch.length === 0) return sent;
    after = batch[batch.length - 1].userId;
    await db.transaction(async (tx) => {
      for (const f of batch) {
        if (!f.email) continue;
        const first = await tx
          .insert(launchNotices)
          .values({ listingId: listing.id, kind: `follower:${f.userId}`, week, createdAt: now })
          .onConflictDoNothing()
          .returning({ kind: launchNotices.kind });
        if (first.length === 0) continue;
        await sendMail(tx, {
          to: f.email,
          kind: 'notification',
          ...followerMail(
            listing.name,
            listing.headline,
            f.product,
            `${baseUrl}/p/${listing.slug}`,
            `${baseUrl}/unsubscribe/${f.token}`,
          ),
        });
        sent++;
      }
    });
  }
}
