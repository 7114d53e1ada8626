import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { founderStories, listings, products, users, votes } from '@/db/schema';
import { MIN_STORY_SECTIONS, MIN_STORY_WORDS, storyProgress } from '@/lib/founder-story/rules';
import { readFounderPhoto } from '@/lib/founders/photo';
import { verifyApiKey } from '@/lib/auth/api-keys';
import { getPublicFounder } from '@/lib/directory/founders';
import { getPublicListing } from '@/lib/directory/listing-page';
import { createTestDatabase } from '@/test/support/db';
import { categories, sites } from '@/db/schema';
import { DEMO_ADMIN_EMAIL, DEMO_FOUNDER_EMAIL, seedDatabase, seedDemoDefault } from './seed';

describe('seed', () => {
  it('fills an empty database once, with live listings, spread votes, prices and demo accounts', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const { db, close } = await createTestDatabase({ now });
    try {
      const [{ n: live }] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(listings)
        .where(eq(listings.status, 'live'));
      expect(live).toBe(60);
      const upcoming = await db.select().from(listings).where(eq(listings.status, 'scheduled'));
      expect(upcoming).toHaveLength(4);
      for (const l of upcoming) expect(l.launchWeek! > '2026-W47').toBe(true);
      const weeks = await db.selectDistinct({ week: votes.week }).from(votes);
      expect(weeks.length).toBeGreaterThan(4);
      const [{ mismatched }] = await db
        .select({ mismatched: sql<number>`count(*)`.mapWith(Number) })
        .from(listings)
        .where(sql`${listings.votesCount} <> (select count(*) from votes v where v.listing_id = "listings"."id")`);
      expect(mismatched).toBe(0);
      const priced = await db.select().from(products);
      expect(priced.length).toBeGreaterThan(2);
      for (const p of priced) expect(p.priceCents).toBeGreaterThan(0);
      const admins = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);

      await seedDatabase(db, { now }); // a second run changes nothing
      const [{ n: after }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listings);
      expect(after).toBe(65); // 60 live + 4 scheduled for coming weeks + the demo product on the second site
      expect(await db.select().from(sites)).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('gives the first demo listing a public founder profile and a published story', async () => {
    const { db, close } = await createTestDatabase();
    try {
      const founder = await getPublicFounder(db, 'demo-founder');
      // The founder of each of their three products (Notiv and Shipfast CI, free launches, showed no founder).
      expect(founder?.listings.map((l) => l.slug).sort()).toEqual(['ledgerly', 'notiv', 'shipfast-ci']);
      const listing = await getPublicListing(db, { slug: 'ledgerly' });
      expect(listing?.founders.map((f) => f.slug)).toEqual(['demo-founder']);
      expect(listing?.story?.title).toBe('Why we built Ledgerly');
      // What the demo shows meets the rules a founder's own story must meet to be published.
      expect(founder?.photoUrl).toMatch(/\/founders\/demo-founder\/photo\?v=[0-9a-f]{16}$/);
      const [story] = await db.select().from(founderStories).where(eq(founderStories.listingId, listing!.id));
      const progress = storyProgress(story.sections);
      expect(progress.sections).toBeGreaterThanOrEqual(MIN_STORY_SECTIONS);
      expect(progress.words).toBeGreaterThanOrEqual(MIN_STORY_WORDS);
      const photo = await readFounderPhoto(db, 'demo-founder');
      expect(photo).toMatchObject({ contentType: 'image/webp', isPublic: true });
    } finally {
      await close();
    }
  });

  it('seeds two sites, with the demo founder’s product listed on each (same URL, own slug and headline)', async () => {
    const { db, close } = await createTestDatabase();
    try {
      const all = await db.select().from(sites).orderBy(sites.id);
      expect(all.map((s) => s.key)).toEqual(['main', 'makers']);
      expect(all[1].name).toBe('Makers Shelf');
      const [founder] = await db.select().from(users).where(eq(users.email, DEMO_FOUNDER_EMAIL));
      const [ledgerly] = await db.select().from(listings).where(eq(listings.slug, 'ledgerly'));
      const same = await db.select().from(listings).where(eq(listings.url, ledgerly.url)).orderBy(listings.id);
      expect(same.map((l) => [l.siteId, l.ownerId])).toEqual([
        [all[0].id, founder.id],
        [all[1].id, founder.id],
      ]);
      expect(same[1]).toMatchObject({ slug: 'ledgerly-makers', status: 'draft', companyName: ledgerly.companyName });
      expect(same[1].headline).not.toBe(ledgerly.headline);
    } finally {
      await close();
    }
  });

  it('gives the demo founder exactly the DEMO_API_KEY value with all scopes', async () => {
    const { db, close } = await createTestDatabase({ seed: false });
    try {
      const value = 'pld_demo_0123456789abcdef';
      await seedDatabase(db, { demoApiKey: value });
      await seedDatabase(db, { demoApiKey: value }); // idempotent
      const principal = await verifyApiKey(db, value);
      expect(principal?.email).toBe(DEMO_FOUNDER_EMAIL);
      expect(principal?.scopes.sort()).toEqual(['account:read', 'listings:write', 'orders:write']);
      expect(await verifyApiKey(db, value + 'x')).toBeNull();
    } finally {
      await close();
    }
  });

  it('outside demo mode creates no known admin (or any) account, only the site and catalog (docs/security.md)', async () => {
    const { db, close } = await createTestDatabase({ seed: false });
    try {
      await seedDatabase(db, { demo: false });
      expect(await db.select().from(sites)).toHaveLength(1); // the second site is demo data

      expect((await db.select().from(categories)).length).toBeGreaterThan(3);
      expect(await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL))).toHaveLength(0);
      expect(await db.select().from(users)).toHaveLength(0);
      expect(await db.select().from(listings)).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('is in demo mode by default only for the embedded database; SEED_DEMO decides when set', () => {
    expect(seedDemoDefault({})).toBe(true);
    expect(seedDemoDefault({ DATABASE_URL: 'postgres://db.internal/directory' })).toBe(false);
    expect(seedDemoDefault({ DATABASE_URL: 'postgres://db.internal/directory', SEED_DEMO: '1' })).toBe(true);
    expect(seedDemoDefault({ SEED_DEMO: '0' })).toBe(false);
  });

  it('with SEED_DEMO unset on PostgreSQL (DATABASE_URL), seeds no admin@example.com', async () => {
    const { db, close } = await createTestDatabase({ seed: false });
    const saved = { url: process.env.DATABASE_URL, demo: process.env.SEED_DEMO };
    process.env.DATABASE_URL ||= 'postgres://db.internal/directory'; // only read for the default here
    delete process.env.SEED_DEMO;
    try {
      await seedDatabase(db);
      expect(await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL))).toHaveLength(0);
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      if (saved.demo !== undefined) process.env.SEED_DEMO = saved.demo;
      await close();
    }
  });
});
