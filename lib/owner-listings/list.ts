// list_my_listings / get_my_listing: the listings an account manages (its own, and those of drafts it
// co-owns through an accepted invite), of every status, newest first.
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { listings, sites, LISTING_PLANS, LISTING_STATUSES } from '@/db/schema';
import type { OpContext } from '@/lib/context';
import { offsetOf, toPage, type Page } from '@/lib/pagination';
import { loadOwnListing, managedBy } from './access';
import { myListingView, type MyListing } from './view';

export const myListingSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    status: z.enum(LISTING_STATUSES as [string, ...string[]]),
    plan: z.enum(LISTING_PLANS as [string, ...string[]]),
    launch_week: z.string().nullable().meta({ description: 'ISO week, e.g. 2026-W51.' }),
    site_key: z.string().meta({ description: 'The site this listing is on.' }),
    site_name: z.string(),
    version: z.number().int(),
    page_url: z.string().meta({ description: 'The public listing page (shown once the listing is live).' }),
    edit_url: z.string().meta({ description: 'Where the owner edits it on the site.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'MyListingSummary' });
export type MyListingSummary = z.infer<typeof myListingSummarySchema>;

export async function listMyListings(
  db: DbOrTx,
  ctx: Pick<OpContext, 'baseUrl'>,
  userId: string,
  page: { page: number; per_page: number },
): Promise<Page<MyListingSummary>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ listing: listings, siteKey: sites.key, siteName: sites.name })
      .from(listings)
      .innerJoin(sites, eq(sites.id, listings.siteId))
      .where(managedBy(userId))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(listings).where(managedBy(userId)),
  ]);
  const items = rows.map(({ listing: l, siteKey, siteName }) => ({
    id: l.id,
    slug: l.slug,
    name: l.name,
    url: l.url,
    status: l.status,
    plan: l.plan,
    launch_week: l.launchWeek,
    site_key: siteKey,
    site_name: siteName,
    version: l.version,
    page_url: `${ctx.baseUrl}/p/${l.slug}`,
    edit_url: `${ctx.baseUrl}/account/listings/${l.id}`,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  }));
  return toPage(items, total, page);
}

export async function getMyListing(
  db: DbOrTx,
  ctx: Pick<OpContext, 'baseUrl'>,
  userId: string,
  listingId: number,
): Promise<MyListing> {
  return myListingView(db, ctx, await loadOwnListing(db, userId, listingId));
}
