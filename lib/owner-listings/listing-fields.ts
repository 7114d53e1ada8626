// The fields of a listing that an edit can change, each with how to read and write it. The one
// versioned edit path (edit.ts) compares before/after through these, so every editor (update_my_listing,
// update_draft on a submitted draft, the site team's revert) changes the same things the same way.
// Milestones, founders and the story are rows of their own: their adapters diff, so the ids of what
// did not change stay stable (docs/decisions.md#listing-edits).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  categories,
  founderStories,
  listingCategories,
  listingMilestones,
  listings,
  STORY_SECTIONS,
  type Faq,
  type Seo,
  type Socials,
  type StorySections,
} from '@/db/schema';
import { MIN_STORY_SECTIONS, MIN_STORY_WORDS, storyProgress } from '@/lib/founder-story/rules';
import type { ListingRow } from './access';
import { foundersAdapter, type ListingFounder } from './founders';

export type { ListingFounder };
export type ListingMilestone = { date: string; title: string; description: string | null; url: string | null };

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
  /** The whole list; rows whose content is unchanged keep their ids. */
  milestones?: ListingMilestone[];
  /** The whole list, primary first (see founders.ts for what is linked, updated or created). */
  founders?: ListingFounder[];
  /** The whole story (current section names); a section left out is cleared. */
  story?: StorySections;
};
export type ListingFieldName = keyof ListingPatch;

export type Adapter = {
  read(db: DbOrTx, listing: ListingRow): Promise<unknown> | unknown;
  /**
   * The value as `read` will return it after `write` (order, defaults, what is kept as it is): the
   * edit path compares and records this. Without it the value sent is compared as it is.
   */
  normalize?(db: DbOrTx, listing: ListingRow, value: unknown): Promise<unknown> | unknown;
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

const milestoneKey = (m: ListingMilestone) => JSON.stringify([m.date, m.title, m.description, m.url]);
function cleanMilestones(list: ListingMilestone[]): ListingMilestone[] {
  return list
    .map((m) => ({ date: m.date, title: m.title, description: m.description || null, url: m.url || null }))
    .sort((a, b) => a.date.localeCompare(b.date) || milestoneKey(a).localeCompare(milestoneKey(b)));
}

async function milestoneRows(db: DbOrTx, listingId: number) {
  return db
    .select({
      id: listingMilestones.id,
      date: listingMilestones.date,
      title: listingMilestones.title,
      description: listingMilestones.description,
      url: listingMilestones.url,
    })
    .from(listingMilestones)
    .where(eq(listingMilestones.listingId, listingId))
    .orderBy(asc(listingMilestones.date), asc(listingMilestones.id));
}

/** Milestones: a row whose content is unchanged stays (same id); removed rows go, new ones are added. */
const milestonesAdapter: Adapter = {
  read: async (db, l) => cleanMilestones(await milestoneRows(db, l.id)),
  normalize: (_db, _l, value) => cleanMilestones((value as ListingMilestone[] | null) ?? []),
  async write(db, l, value) {
    const wanted = cleanMilestones((value as ListingMilestone[] | null) ?? []);
    const pool = new Map<string, number[]>();
    for (const row of await milestoneRows(db, l.id)) {
      const key = milestoneKey(row);
      pool.set(key, [...(pool.get(key) ?? []), row.id]);
    }
    const added = wanted.filter((m) => {
      const ids = pool.get(milestoneKey(m));
      return !ids?.shift();
    });
    const removed = [...pool.values()].flat();
    if (removed.length) await db.delete(listingMilestones).where(inArray(listingMilestones.id, removed));
    if (added.length) await db.insert(listingMilestones).values(added.map((m) => ({ listingId: l.id, ...m })));
    return {};
  },
};

/** Story sections in reading order, without empty ones. */
function cleanStory(value: StorySections | null | undefined): StorySections {
  const out: StorySections = {};
  for (const key of STORY_SECTIONS) {
    const text = value?.[key];
    if (typeof text === 'string' && text.trim() !== '') out[key] = text;
  }
  return out;
}

/** The founder story: the sections sent replace the stored ones; a section left out is cleared. */
const storyAdapter: Adapter = {
  async read(db, l) {
    const [row] = await db
      .select({ sections: founderStories.sections })
      .from(founderStories)
      .where(eq(founderStories.listingId, l.id));
    return cleanStory(row?.sections);
  },
  normalize: (_db, _l, value) => cleanStory(value as StorySections | null),
  async write(db, l, value) {
    const sections = cleanStory(value as StorySections | null);
    const empty = Object.keys(sections).length === 0;
    // A story that no longer meets the section and word rules is no longer published (the profile
    // rule is checked again by set_founder_story; docs/decisions.md#founder-story-rules).
    const progress = storyProgress(sections);
    const unpublish = empty || progress.sections < MIN_STORY_SECTIONS || progress.words < MIN_STORY_WORDS;
    const [row] = await db
      .select({ listingId: founderStories.listingId })
      .from(founderStories)
      .where(eq(founderStories.listingId, l.id));
    if (row)
      await db
        .update(founderStories)
        .set({ sections, updatedAt: sql`now()`, ...(unpublish ? { status: 'draft', publishedAt: null } : {}) })
        .where(eq(founderStories.listingId, l.id));
    else if (!empty) await db.insert(founderStories).values({ listingId: l.id, sections });
    return {};
  },
};

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
  milestones: milestonesAdapter,
  founders: foundersAdapter,
  story: storyAdapter,
};

/** The listings columns an adapter returned, ready for `update(listings).set(...)`. */
export type ListingColumns = Partial<typeof listings.$inferInsert>;
