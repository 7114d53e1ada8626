// Seeds an empty database: the site and catalog data; in demo mode also demo accounts (a known
// admin address among them), ~60 live listings with votes. Demo mode (SEED_DEMO=1) is on by
// default only for the embedded database: a PostgreSQL deployment gets no known admin account.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  apiKeys,
  categories,
  founderProfiles,
  founderStories,
  interviewQuestions,
  listingCategories,
  listingFounders,
  listings,
  listingUpdates,
  products,
  sites,
  users,
  votes,
  LISTING_PLAN,
  LISTING_STATUS,
} from '@/db/schema';
import { createApiKey } from '@/lib/auth/api-keys';
import { SCOPES } from '@/lib/auth/principal';
import { slugify } from '@/lib/listings/slug';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { seedCategories, seedInterviewQuestions, seedProducts } from './catalog-data';
import { demoListings, demoUpdates, upcomingListings } from './demo-listings';
import { demoFounderPhoto, demoFounderProfile, demoStory } from './demo-founder';
import { preparePhoto, storeOwnPhoto } from '@/lib/founders/photo';
import { publicBaseUrl } from '@/lib/site/site';
import { seedDemoEdit } from './demo-edit';
import { siteKey } from '@/lib/site/site';

/** The deployment's site (SITE_KEY, default main) and, in demo mode, a second site, so apply_to can be seen working. */
export const DEMO_SITES = [
  { key: 'main', name: 'Product Directory', tagline: 'Where makers launch and people vote' },
  { key: 'makers', name: 'Makers Shelf', tagline: 'Tools made by small teams, picked by makers' },
];

export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_FOUNDER_EMAIL = 'founder@example.com';
const VOTERS = 40;
const DAY = 86_400_000;

/** Small deterministic PRNG so every fresh install has the same demo data. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SEED_DEMO=1 or 0 decides; unset, demo data only for the embedded database (no DATABASE_URL). */
export function seedDemoDefault(env: Record<string, string | undefined> = process.env): boolean {
  if (env.SEED_DEMO === '1') return true;
  if (env.SEED_DEMO === '0') return false;
  return !env.DATABASE_URL;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, siteKey())).limit(1);
  return rows.length > 0;
}

export async function seedDatabase(
  db: Db,
  opts: { now?: Date; demoApiKey?: string; demo?: boolean; log?: (m: string) => void } = {},
) {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const demo = opts.demo ?? seedDemoDefault();
  if (!(await isSeeded(db))) {
    await db.transaction(async (tx) => {
      const here = DEMO_SITES.find((d) => d.key === siteKey()) ?? { ...DEMO_SITES[0], key: siteKey() };
      const [site] = await tx.insert(sites).values(here).returning();
      const cats = await tx
        .insert(categories)
        .values(seedCategories.map(([slug, name, description], i) => ({ slug, name, description, position: i })))
        .returning();
      const catId = new Map(cats.map((c) => [c.slug, c.id]));
      await tx.insert(products).values(seedProducts.map((p, i) => ({ ...p, position: i })));
      await tx
        .insert(interviewQuestions)
        .values(
          seedInterviewQuestions.map(([key, question, helpText], i) => ({ key, question, helpText, position: i })),
        );
      if (!demo) {
        log(`Seeded the site and ${cats.length} categories (no demo accounts or listings: SEED_DEMO=1 adds them).`);
        return;
      }

      await tx.insert(users).values([
        { email: DEMO_ADMIN_EMAIL, name: 'Site Admin', role: 'admin', emailVerified: now },
        { email: DEMO_FOUNDER_EMAIL, name: 'Demo Founder', role: 'member', emailVerified: now },
      ]);
      const voters = await tx
        .insert(users)
        .values(
          Array.from({ length: VOTERS }, (_, i) => ({
            email: `voter${String(i + 1).padStart(2, '0')}@example.com`,
            name: `Voter ${i + 1}`,
          })),
        )
        .returning({ id: users.id });
      const [founder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FOUNDER_EMAIL));

      const rand = prng(42);
      const created = await tx
        .insert(listings)
        .values(
          demoListings.map(([name, headline], i) => {
            const launchedAt = new Date(now.getTime() - Math.floor(rand() * 70 * DAY) - DAY);
            const slug = slugify(name);
            return {
              siteId: site.id,
              ownerId: i < 3 ? founder.id : null,
              slug,
              name,
              url: `https://${slug.replace(/-/g, '')}.example.com`,
              headline,
              summary: `${name}: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}.`,
              description: `${headline}. This is a demo listing created by the seed.`,
              status: LISTING_STATUS.live,
              plan: i % 4 === 0 ? LISTING_PLAN.paid : LISTING_PLAN.free,
              launchWeek: isoWeekOf(launchedAt),
              launchedAt,
              companyName: `${name} Ltd`,
              foundedYear: 2018 + (i % 8),
              createdAt: launchedAt,
              updatedAt: launchedAt,
            };
          }),
        )
        .returning({ id: listings.id, launchedAt: listings.launchedAt });

      await tx.insert(listingCategories).values(
        created.flatMap((l, i) => {
          const [, , primary, second] = demoListings[i];
          const rows = [{ listingId: l.id, categoryId: catId.get(primary)!, isPrimary: true, position: 0 }];
          if (second) rows.push({ listingId: l.id, categoryId: catId.get(second)!, isPrimary: false, position: 1 });
          return rows;
        }),
      );

      const voteRows: (typeof votes.$inferInsert)[] = [];
      for (const l of created) {
        const count = Math.floor(Math.pow(rand(), 1.6) * VOTERS);
        const since = l.launchedAt!.getTime();
        for (const voter of voters.slice(0, count)) {
          const at = new Date(since + rand() * (now.getTime() - since));
          voteRows.push({ listingId: l.id, userId: voter.id, week: isoWeekOf(at), createdAt: at });
        }
      }
      for (let i = 0; i < voteRows.length; i += 500) await tx.insert(votes).values(voteRows.slice(i, i + 500));
      const upcoming = await tx
        .insert(listings)
        .values(
          upcomingListings.map(([name, headline], i) => {
            const slug = slugify(name);
            return {
              siteId: site.id,
              slug,
              name,
              url: `https://${slug.replace(/-/g, '')}.example.com`,
              headline,
              status: LISTING_STATUS.scheduled,
              plan: LISTING_PLAN.free,
              launchWeek: addWeeks(isoWeekOf(now), 1 + i),
            };
          }),
        )
        .returning({ id: listings.id });
      await tx.insert(listingCategories).values(
        upcoming.map((l, i) => ({
          listingId: l.id,
          categoryId: catId.get(upcomingListings[i][2])!,
          isPrimary: true,
          position: 0,
        })),
      );
      await tx.insert(listingUpdates).values(
        demoUpdates.map(([index, title, body, daysAgo]) => ({
          listingId: created[index].id,
          authorId: index < 3 ? founder.id : null,
          title,
          body,
          createdAt: new Date(now.getTime() - daysAgo * DAY),
        })),
      );
      const [profile] = await tx
        .insert(founderProfiles)
        .values({ ...demoFounderProfile, userId: founder.id })
        .returning({ id: founderProfiles.id });
      const photo = await preparePhoto(tx, founder.id, await demoFounderPhoto(), now);
      await storeOwnPhoto(tx, founder.id, photo, { now, baseUrl: publicBaseUrl() });
      // The founder of each of the demo founder's three products (a free launch needs the profile too).
      await tx
        .insert(listingFounders)
        .values(
          created.slice(0, 3).map((l) => ({ listingId: l.id, founderId: profile.id, isPrimary: true, position: 0 })),
        );
      await tx
        .insert(founderStories)
        .values({ listingId: created[0].id, sections: demoStory, status: 'published', publishedAt: now });
      await seedDemoEdit(tx, founder.id, created[2].id, now); // Shipfast CI: a before/after for /admin/edits
      await seedOtherSite(tx, site, created[0].id, founder.id, profile.id, catId);
      await tx.execute(
        sql`update listings set votes_count = (select count(*) from votes v where v.listing_id = listings.id)`,
      );
      log(`Seeded ${created.length} listings, ${voteRows.length} votes, ${cats.length} categories.`);
    });
  }
  if (opts.demoApiKey) await ensureDemoApiKey(db, opts.demoApiKey, log);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The other demo site, with the demo founder's product (the first demo listing, same URL) listed
 * there too: its own slug and headline, the same company facts. Saved but not launched there (status
 * draft): public lists do not tell sites apart yet, so a live copy would show twice on this one.
 */
async function seedOtherSite(
  tx: Tx,
  here: typeof sites.$inferSelect,
  listingId: number,
  ownerId: string,
  founderId: number,
  catId: Map<string, number>,
) {
  const other = DEMO_SITES.find((d) => d.key !== here.key)!;
  const [site] = await tx.insert(sites).values(other).onConflictDoNothing().returning();
  if (!site) return;
  const [source] = await tx.select().from(listings).where(eq(listings.id, listingId));
  const [copy] = await tx
    .insert(listings)
    .values({
      siteId: site.id,
      ownerId,
      slug: `${source.slug}-${site.key}`,
      name: source.name,
      url: source.url,
      headline: 'Send invoices and file receipts in one calm app',
      summary: `${source.name} keeps a freelancer's invoices, reminders and receipts together.`,
      description: `${source.name} on ${site.name}: the same product as on ${here.name}, described for this site. This is a demo listing created by the seed.`,
      status: LISTING_STATUS.draft,
      plan: LISTING_PLAN.none,
      companyName: source.companyName,
      foundedYear: source.foundedYear,
    })
    .returning({ id: listings.id });
  await tx
    .insert(listingCategories)
    .values({ listingId: copy.id, categoryId: catId.get('finance')!, isPrimary: true, position: 0 });
  await tx.insert(listingFounders).values({ listingId: copy.id, founderId, isPrimary: true, position: 0 });
}

async function ensureDemoApiKey(db: Db, value: string, log: (m: string) => void) {
  // DEMO_API_KEY asks for the demo founder: made here when the seed ran without demo data.
  await db
    .insert(users)
    .values({ email: DEMO_FOUNDER_EMAIL, name: 'Demo Founder', role: 'member' })
    .onConflictDoNothing();
  const [founder] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FOUNDER_EMAIL));
  const existing = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.prefix, value.slice(0, 12)));
  if (existing.length > 0) return;
  await createApiKey(db, founder.id, { name: 'Demo key (DEMO_API_KEY)', scopes: [...SCOPES], value });
  log(`Created the demo API key for ${DEMO_FOUNDER_EMAIL}.`);
}
