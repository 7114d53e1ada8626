// The named column selection for listing cards (search, leaderboards, home) and its API shape.
import { sql } from 'drizzle-orm';
import { listings } from '@/db/schema';
import { z } from 'zod';

/** Fully qualified: drizzle renders a bare column unqualified, which a subquery would rebind. */
export const listingIdRef = sql.raw('"listings"."id"');

export const listingSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string().meta({ description: "The product's website." }),
    headline: z.string(),
    summary: z.string(),
    logo_url: z.string().nullable(),
    votes: z.number().int().meta({ description: 'All-time vote count.' }),
    categories: z.array(z.string()).meta({ description: 'Category names, primary first.' }),
    launch_week: z.string().nullable(),
    page_url: z.string().meta({ description: 'The listing page on this site.' }),
  })
  .meta({ id: 'ListingSummary' });
export type ListingSummary = z.infer<typeof listingSummary>;

export const categoryNamesOf = sql<string[]>`coalesce((
  select array_agg(c.name order by lc.is_primary desc, lc.position, c.name)
  from listing_categories lc join categories c on c.id = lc.category_id
  where lc.listing_id = ${listingIdRef}), '{}'::text[])`;

export const summaryColumns = {
  id: listings.id,
  slug: listings.slug,
  name: listings.name,
  url: listings.url,
  headline: listings.headline,
  summary: listings.summary,
  logoUrl: listings.logoUrl,
  votesCount: listings.votesCount,
  launchWeek: listings.launchWeek,
  categories: categoryNamesOf,
};

export type SummaryRow = {
  id: number;
  slug: string;
  name: string;
  url: string;
  headline: string;
  summary: string;
  logoUrl: string | null;
  votesCount: number;
  launchWeek: string | null;
  categories: string[];
};

export function toListingSummary(row: SummaryRow, baseUrl: string): ListingSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    url: row.url,
    headline: row.headline,
    summary: row.summary,
    logo_url: row.logoUrl,
    votes: row.votesCount,
    categories: row.categories ?? [],
    launch_week: row.launchWeek,
    page_url: `${baseUrl}/p/${row.slug}`,
  };
}
