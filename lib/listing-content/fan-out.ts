// Mailing a listing's followers about one update (docs/decisions.md#follower-mail), one batch at a
// time: the job (lib/jobs/definitions/notify-followers.ts) runs each batch as a step. Each follower
// is claimed with a row in update_deliveries and mailed in the same transaction, so a batch run again
// after a crash skips whoever was already mailed: exactly one mail per follower and update.
import { and, asc, count, eq, gt, isNotNull, ne, notExists, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { follows, listings, listingUpdates, updateDeliveries, users } from '@/db/schema';
import { hasUnsafeChars, mailLine } from '@/lib/mail/sanitize';
import { sendMail } from '@/lib/mail/send-mail';
import { publicBaseUrl } from '@/lib/site/site';

const DEFAULT_BATCH = 200;

/** Followers mailed per step (FOLLOWER_MAIL_BATCH overrides it, e.g. in tests). */
export function followerBatchSize(): number {
  const n = Number(process.env.FOLLOWER_MAIL_BATCH);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_BATCH;
}

export type BatchResult = {
  /** The last follower (user id) this batch looked at; the next batch starts after it. */
  cursor: string | null;
  /** Mails written by this run of the batch (a re-run after a crash counts only the new ones). */
  mailed: number;
  done: boolean;
};

/** Who hears about an update: the listing's followers with an address, except the author. */
function recipientsOf(listingId: number, authorId: string | null): SQL {
  return and(
    eq(follows.listingId, listingId),
    isNotNull(users.email),
    authorId ? ne(follows.userId, authorId) : undefined,
  )!;
}

/** How many followers an update by `authorId` mails. */
export async function countRecipients(db: DbOrTx, listingId: number, authorId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(recipientsOf(listingId, authorId));
  return row?.n ?? 0;
}

/** The unsubscribe page of one follow (a confirm button: opening it changes nothing). */
export const unsubscribeUrl = (baseUrl: string, token: string) => `${baseUrl}/unsubscribe/${encodeURIComponent(token)}`;
/** The List-Unsubscribe address: a POST there unfollows at once (RFC 8058 one-click); a GET shows the page. */
export const oneClickUrl = (baseUrl: string, token: string) => `${unsubscribeUrl(baseUrl, token)}/one-click`;

type UpdateMail = {
  listingName: string;
  slug: string;
  title: string;
  body: string;
  recipientName: string | null;
  token: string;
  baseUrl: string;
};

/** The mail about one update to one follower: plain text, owner-written parts cleaned of control characters. */
export function updateMail(m: UpdateMail): { subject: string; text: string; oneClick: string } {
  const name = mailLine(m.listingName, 100);
  const title = mailLine(m.title, 200);
  // The body keeps its lines; each line loses control and bidi characters like any user text in a mail.
  const body = m.body
    .split('\n')
    .map((line) => mailLine(line, 5000))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const unsubscribe = unsubscribeUrl(m.baseUrl, m.token);
  const hello = m.recipientName ? `Hi ${mailLine(m.recipientName, 80)},` : 'Hi,';
  const text = [
    hello,
    '',
    `${name} posted an update:`,
    '',
    title,
    '',
    body,
    '',
    `Read it on the site: ${m.baseUrl}/p/${m.slug}#updates`,
    '',
    '—',
    `You get this email because you follow ${name}.`,
    `Stop emails about ${name}: ${unsubscribe}`,
  ].join('\n');
  return { subject: `${name}: ${title}`, text, oneClick: oneClickUrl(m.baseUrl, m.token) };
}

/**
 * Mails the next `size` followers after `cursor` (by user id) who were not mailed about the update
 * yet. Throws when the update does not exist (yet): the job retries.
 */
export async function mailFollowersBatch(
  db: DbOrTx,
  updateId: number,
  cursor: string | null,
  size = followerBatchSize(),
): Promise<BatchResult> {
  const [update] = await db
    .select({
      listingId: listingUpdates.listingId,
      authorId: listingUpdates.authorId,
      title: listingUpdates.title,
      body: listingUpdates.body,
      listingName: listings.name,
      slug: listings.slug,
    })
    .from(listingUpdates)
    .innerJoin(listings, eq(listings.id, listingUpdates.listingId))
    .where(eq(listingUpdates.id, updateId));
  if (!update) throw new Error(`listing update ${updateId} not found`);

  const batch = await db
    .select({ userId: follows.userId, token: follows.unsubscribeToken, email: users.email, name: users.name })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(
      and(
        recipientsOf(update.listingId, update.authorId),
        cursor ? gt(follows.userId, cursor) : undefined,
        notExists(
          db
            .select({ userId: updateDeliveries.userId })
            .from(updateDeliveries)
            .where(and(eq(updateDeliveries.updateId, updateId), eq(updateDeliveries.userId, follows.userId))),
        ),
      ),
    )
    .orderBy(asc(follows.userId))
    .limit(size);

  const baseUrl = publicBaseUrl();
  let mailed = 0;
  for (const follower of batch) {
    // sendMail refuses what is not an address; such an account cannot be mailed, now or on a retry.
    const to = follower.email;
    if (!to?.includes('@') || hasUnsafeChars(to)) continue;
    const mail = updateMail({
      listingName: update.listingName,
      slug: update.slug,
      title: update.title,
      body: update.body,
      recipientName: follower.name,
      token: follower.token,
      baseUrl,
    });
    // The delivery row and the mail commit together: a follower is either mailed and marked, or neither.
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(updateDeliveries)
        .values({ updateId, userId: follower.userId })
        .onConflictDoNothing()
        .returning({ userId: updateDeliveries.userId });
      if (!claimed) return false;
      await sendMail(tx, {
        to,
        subject: mail.subject,
        text: mail.text,
        kind: 'listing_update',
        listUnsubscribe: mail.oneClick,
      });
      return true;
    });
    if (sent) mailed++;
  }
  return { cursor: batch.at(-1)?.userId ?? cursor, mailed, done: batch.length < size };
}
