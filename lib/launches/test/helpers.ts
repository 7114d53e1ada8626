// Shared by the launch tests: a site of its own per test (each site has its own free queue), an
// owned listing in a given state, a founder profile complete or not, and a context at a given time.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  emailOutbox,
  founderProfiles,
  listingFounders,
  listings,
  sites,
  LISTING_PLAN,
  LISTING_STATUS,
  type ListingPlan,
  type ListingStatus,
} from '@/db/schema';
import { SCOPES } from '@/lib/auth/principal';
import type { AuthedContext } from '@/lib/context';
import { getSite } from '@/lib/site/site';
import { setLaunchSettings } from '../settings';

export const BASE = 'http://127.0.0.1:3999';
const uid = () => randomBytes(4).toString('hex');

/** A site with its own free queue (and its own settings). */
export async function newSite(db: Db, settings = { freeSlotsPerWeek: 20, freeLeadWeeks: 4 }): Promise<number> {
  const [site] = await db
    .insert(sites)
    .values({ key: `t-${uid()}`, name: 'Test Directory' })
    .returning({ id: sites.id });
  await setLaunchSettings(db, site.id, settings, null, new Date());
  return site.id;
}

export async function makeOwnedListing(
  db: Db,
  opts: {
    siteId: number;
    ownerId: string | null;
    status?: ListingStatus;
    plan?: ListingPlan;
    url?: string;
    week?: string | null;
    profile?: 'complete' | 'incomplete' | 'none';
    badgeFoundAt?: Date;
    queuedAt?: Date;
  },
) {
  const name = `Launchable ${uid()}`;
  const [row] = await db
    .insert(listings)
    .values({
      siteId: opts.siteId,
      ownerId: opts.ownerId,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      name,
      headline: 'Ships launches on time',
      url: opts.url ?? 'https://example.com',
      status: opts.status ?? LISTING_STATUS.draft,
      plan: opts.plan ?? LISTING_PLAN.none,
      launchWeek: opts.week ?? null,
      queuedAt: opts.queuedAt ?? null,
      ...(opts.badgeFoundAt
        ? { badgeVerifiedAt: opts.badgeFoundAt, badgeCheckedAt: opts.badgeFoundAt, badgeCheckResult: 'found_link' }
        : {}),
    })
    .returning();
  if ((opts.profile ?? 'complete') !== 'none') {
    const complete = opts.profile !== 'incomplete';
    const [profile] = await db
      .insert(founderProfiles)
      .values({
        slug: `founder-${uid()}`,
        name: 'Ana Lima',
        role: complete ? 'Founder' : null,
        bio: complete ? 'Builds launch tools.' : null,
        photoUrl: complete ? 'https://example.com/ana.jpg' : null,
      })
      .returning({ id: founderProfiles.id });
    await db.insert(listingFounders).values({ listingId: row.id, founderId: profile.id, isPrimary: true });
  }
  return row;
}

/** Fills in the primary founder's role, bio and photo. */
export async function completeProfile(db: Db, listingId: number) {
  const [link] = await db.select().from(listingFounders).where(eq(listingFounders.listingId, listingId));
  await db
    .update(founderProfiles)
    .set({ role: 'Founder', bio: 'Builds launch tools.', photoUrl: 'https://example.com/ana.jpg' })
    .where(eq(founderProfiles.id, link.founderId));
}

export async function reload(db: Db, id: number) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}

export async function mailsTo(db: Db, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to.toLowerCase()));
}

export async function authedCtx(
  db: Db,
  user: { id: string; email: string | null },
  now: Date,
  siteId?: number,
  baseUrl = BASE,
): Promise<AuthedContext> {
  // The site the request is served by: the listing's, as a deployment serves only its own site's.
  const [served] = siteId ? await db.select().from(sites).where(eq(sites.id, siteId)) : [await getSite(db)];
  return {
    db,
    publicDb: db,
    principal: {
      userId: user.id,
      email: user.email,
      name: null,
      role: 'member',
      authKind: 'session',
      scopes: [...SCOPES],
      credentialId: 'test',
    },
    site: served,
    now,
    baseUrl,
    ip: '127.0.0.1',
    face: 'web',
  };
}
