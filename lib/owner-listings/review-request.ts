// A rejected (or archived) listing's owner asks the site team to look again (after fixing what the reason says):
// every admin of the site is mailed the owner's message with a link to the listing. Once a day per
// listing, so the site team's inbox is not an owner's to fill. The request is also kept (one per listing,
// the latest message) for the site team's listings page, until their next decision on the listing.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { AuthedContext } from '@/lib/context';
import { listingReviewRequests, users, LISTING_STATUS } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { mailLine } from '@/lib/mail/sanitize';
import { sendMail } from '@/lib/mail/send-mail';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';
import { loadOwnListing } from './access';

export const REVIEW_MESSAGE_MAX = 1000;
const ONCE_A_DAY = { limit: 1, windowMs: 24 * 60 * 60_000 };

/** Mails the site team; returns how many admins were told. */
export async function requestReview(
  ctx: AuthedContext,
  input: { listingId: number; message: string },
): Promise<{ told: number }> {
  const message = input.message.trim();
  if (!message) throw fieldError('message', 'Say what you changed: the site team reads it.');
  if (message.length > REVIEW_MESSAGE_MAX) throw fieldError('message', `Keep it to ${REVIEW_MESSAGE_MAX} characters.`);
  const listing = await loadOwnListing(ctx.db, ctx.principal.userId, input.listingId);
  if (listing.status !== LISTING_STATUS.rejected && listing.status !== LISTING_STATUS.archived)
    throw new AppError('conflict', 'Only a rejected or archived listing can ask the site team for another look.');
  await enforceRateLimit(ctx.db, `review-request:${listing.id}`, ONCE_A_DAY, ctx.now, 'requests for another look');
  const request = { userId: ctx.principal.userId, message, requestedAt: ctx.now };
  await ctx.db
    .insert(listingReviewRequests)
    .values({ listingId: listing.id, ...request })
    .onConflictDoUpdate({ target: listingReviewRequests.listingId, set: request });
  const admins = await ctx.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const owner = mailLine(ctx.principal.email ?? ctx.principal.name ?? 'The owner', 200);
  const name = mailLine(listing.name, 100);
  let told = 0;
  for (const { email } of admins) {
    if (!email) continue;
    await sendMail(ctx.db, {
      to: email,
      kind: 'notification',
      subject: `${name} asks for another look`,
      text: [
        `${owner} asks the site team to look again at the ${listing.status} listing ${name} (#${listing.id}).`,
        `Reason given: ${mailLine(listing.statusReason ?? '', 500)}`,
        // Each line of the owner's message goes through mailLine: no header or link can be smuggled in.
        `Their message:\n${message
          .split(/\r?\n/)
          .map((l) => `> ${mailLine(l, REVIEW_MESSAGE_MAX)}`)
          .join('\n')}`,
        `Restore it, or answer it and leave it ${listing.status}: ${ctx.baseUrl}/admin/listings?q=${listing.id}`,
      ].join('\n\n'),
    });
    told++;
  }
  return { told };
}

/** When the listing's owner asked for another look that the site team has not answered yet (null: none). */
export async function openReviewRequest(db: DbOrTx, listingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: listingReviewRequests.requestedAt })
    .from(listingReviewRequests)
    .where(eq(listingReviewRequests.listingId, listingId));
  return row?.at ?? null;
}
