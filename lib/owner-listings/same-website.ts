// One listing per website on a site (docs/decisions.md#publishing): a second draft of a website that
// is listed here already is refused before it is crawled and again when it would become a listing.
// The website is compared as website_key (migration 0035): no scheme, no "www.", no trailing slash,
// lower case. The same product on another site of this database is not a duplicate (apply_to).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

/** A 409 when this site lists the website already: the caller's own listing named, another's not. */
export async function refuseListedWebsite(
  db: DbOrTx,
  input: { siteId: number; url: string; userId: string; exceptListingId?: number | null },
): Promise<void> {
  const rows = await db
    .select({ id: listings.id, name: listings.name, ownerId: listings.ownerId, status: listings.status })
    .from(listings)
    .where(
      and(
        eq(listings.siteId, input.siteId),
        sql`website_key(${listings.url}) = website_key(${input.url})`,
        input.exceptListingId ? ne(listings.id, input.exceptListingId) : undefined,
      ),
    )
    .limit(20);
  const own = rows.find((r) => r.ownerId === input.userId);
  if (own)
    throw new AppError(
      'conflict',
      `You already list this website as “${own.name}” (#${own.id}): edit that listing instead.`,
      { extra: { reason: 'already_listed', listing_id: own.id } },
    );
  // A listing the site team rejected or archived does not hold the website for its owner.
  const held = rows.some((r) => r.status !== LISTING_STATUS.rejected && r.status !== LISTING_STATUS.archived);
  if (held)
    throw new AppError(
      'conflict',
      'This website is already listed here by another account. If the product is yours, write to the site team.',
      { extra: { reason: 'listed_by_another_account' } },
    );
}
