// The product page's data comes from one query: every related list, in the page's order, with
// milestones only where they show and only a published story.
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  follows,
  founderProfiles,
  founderStories,
  listingCategories,
  listingFounders,
  listingMilestones,
  listings,
  listingUpdates,
} from '@/db/schema';
import { isoWeekOf } from '@/lib/time/iso-week';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { getPublicListing } from './listing-page';
import { makeListing } from './test-listings';

const { db } = await useTestDatabase();
const token = `lp${Date.now().toString(36)}`;
type Made = Awaited<ReturnType<typeof makeListing>>;
let listing: Made;
let extraCategories: string[];

beforeAll(async () => {
  listing = await makeListing(db, 'live', { token, week: isoWeekOf(new Date()) });
  const cats = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(ne(categories.slug, listing.categorySlug))
    .limit(2);
  extraCategories = cats.map((c) => c.slug);
  await db.insert(listingCategories).values([
    { listingId: listing.id, categoryId: cats[1].id, position: 2 },
    { listingId: listing.id, categoryId: cats[0].id, position: 1 },
  ]);
  const [ada, bob] = await db
    .insert(founderProfiles)
    .values([
      { slug: `ada-${token}`, name: 'Ada', role: 'CEO', socials: { x: 'https://x.com/ada' } },
      { slug: `bob-${token}`, name: 'Bob', role: null },
    ])
    .returning({ id: founderProfiles.id });
  await db.insert(listingFounders).values([
    { listingId: listing.id, founderId: bob.id, position: 0 },
    { listingId: listing.id, founderId: ada.id, position: 1, isPrimary: true },
  ]);
  const base = Date.parse('2026-03-01T10:00:00Z');
  await db.insert(listingUpdates).values(
    Array.from({ length: 12 }, (_, i) => ({
      listingId: listing.id,
      title: `Note ${i}`,
      body: `Body ${i}`,
      createdAt: new Date(base + i * 86_400_000),
    })),
  );
  await db.insert(listingMilestones).values([
    { listingId: listing.id, date: '2025-01-10', title: 'First customer' },
    { listingId: listing.id, date: '2025-06-01', title: 'Seed round', url: 'https://example.com/seed' },
  ]);
  for (let i = 0; i < 3; i++)
    await db.insert(follows).values({ listingId: listing.id, userId: (await createAccount(db)).user.id });
});

describe('getPublicListing', () => {
  it('reads the listing and its related lists in page order', async () => {
    const page = await getPublicListing(db, { slug: listing.slug });
    expect(page).not.toBeNull();
    expect(page!.id).toBe(listing.id);
    expect(page!.categories.map((c) => c.slug)).toEqual([listing.categorySlug, extraCategories[0], extraCategories[1]]);
    expect(page!.founders.map((f) => [f.name, f.isPrimary])).toEqual([
      ['Ada', true],
      ['Bob', false],
    ]);
    expect(page!.founders[0].socials).toEqual({ x: 'https://x.com/ada' });
    expect(page!.founders[1].socials).toEqual({});
    expect(page!.followers).toBe(3);
    expect(page!.votes).toBe(1);
  });

  it('keeps the newest updates, newest first, with ISO dates', async () => {
    const page = await getPublicListing(db, { id: listing.id }, { updates: 4 });
    // makeListing posted one update just now
    expect(page!.updates.map((u) => u.title)).toEqual([`Update of ${listing.name}`, 'Note 11', 'Note 10', 'Note 9']);
    expect(page!.updates[1].createdAt).toBe('2026-03-12T10:00:00.000Z');
    expect(page!.updates[1].body).toBe('Body 11');
  });

  it('shows milestones on paid listings or when unlocked, newest first', async () => {
    expect((await getPublicListing(db, { id: listing.id }))!.milestones).toBeNull();
    await db
      .update(listings)
      .set({ unlockedSections: ['milestones'] })
      .where(eq(listings.id, listing.id));
    expect((await getPublicListing(db, { id: listing.id }))!.milestones!.map((m) => m.title)).toEqual([
      'Seed round',
      'First customer',
    ]);
    await db.update(listings).set({ unlockedSections: [], plan: 'paid' }).where(eq(listings.id, listing.id));
    expect((await getPublicListing(db, { id: listing.id }))!.milestones).toHaveLength(2);
  });

  it('shows the founder story once it is published', async () => {
    await db
      .insert(founderStories)
      .values({ listingId: listing.id, sections: { title: 'How we began', problem: 'Invoices' }, status: 'draft' });
    expect((await getPublicListing(db, { id: listing.id }))!.story).toBeNull();
    await db
      .update(founderStories)
      .set({ status: 'published', publishedAt: new Date('2026-04-02T08:30:00Z') })
      .where(eq(founderStories.listingId, listing.id));
    expect((await getPublicListing(db, { id: listing.id }))!.story).toEqual({
      title: 'How we began',
      sections: { title: 'How we began', problem: 'Invoices' },
      publishedAt: '2026-04-02T08:30:00.000Z',
    });
  });
});
