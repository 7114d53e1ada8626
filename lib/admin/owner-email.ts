// The site team's mails to a listing's owner (a rejection, a restore, a revert): to the owner's
// address, none when the account is gone. The names are cut to one mail line each.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { mailLine } from '@/lib/mail/sanitize';
import { sendMail } from '@/lib/mail/send-mail';

/** Mails the owner what `write` says (given the listing's and the site's names); the address, or null. */
export async function mailOwner(
  tx: DbOrTx,
  listing: { name: string; ownerId: string | null },
  siteName: string,
  write: (name: string, site: string) => { subject: string; paragraphs: string[] },
): Promise<string | null> {
  if (!listing.ownerId) return null;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, listing.ownerId));
  const to = owner?.email ?? null;
  if (!to) return null;
  const { subject, paragraphs } = write(mailLine(listing.name, 100), mailLine(siteName, 100));
  await sendMail(tx, { to, kind: 'notification', subject, text: paragraphs.join('\n\n') });
  return to;
}
