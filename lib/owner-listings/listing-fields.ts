// The fields of a listing that an edit can change, each with how to read and write it. The one
// versioned edit path (edit.ts) compares before/after through these, so every editor (update_my_listing,
// update_draft on a submitted draft, the site team's revert) changes the same things the same way.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, listingCategories, listings, type Faq, type Seo, type Socials } from '@/db/schema';
import type { ListingRow } from './access';

export type ListingPatch = {
  name?: string;
  headline?: string;
  summary?: string;
  description?: string;
  company_name?: string | null;
  founded_year?: number | null;
  headquarters?: string | null;
  team_size?: string | null;
  pricing?: string | null;
  contact_email?: string | null;
  logo_url?: string | null;
  /** Category names (as list_categories names them), primary first. */
  categories?: string[];
  socials?: Socials;
  faqs?: Faq[];
  seo?: Seo;
  competitor_url?: string | null;
};
export type ListingFieldName = keyof ListingPatch;

type Adapter = {
  read(db: DbOrTx, listing: ListingRow): Promise<unknown> | unknown;
  /** Writes the value; returns column values for the listings row (written together by the caller). */
  write(db: DbOrTx, listing: ListingRow, value: unknown): Promise<Partial<ListingRow>> | Partial<ListingRow>;
};

const column = <K extends keyof ListingRow>(key: K, empty: ListingRow[K] | null = null): Adapter => ({
  read: (_db, l) => l[key],
  write: (_db, _l, value) => ({ [key]: value ?? empty }) as Partial<ListingRow>,
});

async function readCategories(db: DbOrTx, listing: ListingRow): Promise<string[]> {
  const rows = await db
    .select({ name: categories.name })
    .from(listingCategories)
    .innerJoin(categories, eq(categories.id, listingCategories.categoryId))
    .where(eq(listingCategories.listingId, listing.id))
    .orderBy(asc(listingCategories.position), asc(categories.name));
  return rows.map((r) => r.name);
}

async function writeCategories(db: DbOrTx, listing: ListingRow, value: unknown) {
  const names = (value as string[] | null) ?? [];
  await db.delete(listingCategories).where(eq(listingCategories.listingId, listing.id));
  if (names.length) {
    const rows = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.name, names));
    const ordered = names.map((n) => rows.find((r) => r.name === n)).filter((r) => r !== undefined);
    if (ordered.length)
      await db.insert(listingCategories).values(
        ordered.map((c, position) => ({
          listingId: listing.id,
          categoryId: c.id,
          isPrimary: position === 0,
          position,
        })),
      );
  }
  return {};
}

export const LISTING_FIELDS: Record<ListingFieldName, Adapter> = {
  name: column('name', ''),
  headline: column('headline', ''),
  summary: column('summary', ''),
  description: column('description', ''),
  company_name: column('companyName'),
  founded_year: column('foundedYear'),
  headquarters: column('headquarters'),
  team_size: column('teamSize'),
  pricing: column('pricing'),
  contact_email: column('contactEmail'),
  logo_url: column('logoUrl'),
  categories: { read: readCategories, write: writeCategories },
  socials: column('socials', {}),
  faqs: column('faqs', []),
  seo: column('seo', {}),
  competitor_url: column('competitorUrl'),
};
export const LISTING_FIELD_NAMES = Object.keys(LISTING_FIELDS) as ListingFieldName[];

/** The listings columns an adapter returned, ready for `update(listings).set(...)`. */
export type ListingColumns = Partial<typeof listings.$inferInsert>;
