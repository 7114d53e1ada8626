// What the owner sees of a launch (choose_free_listing, get_badges, verify_badge, the listing page):
// the week, its start, the queue place, the two gates with their fix-it links, and the badge code.
import { z } from 'zod';
import { getDb, type DbOrTx } from '@/db/client';
import { listings, sites } from '@/db/schema';
import { eq } from 'drizzle-orm';
import type { ListingRow } from '@/lib/owner-listings/access';
import { myListingSchema, myListingView, type MyListing } from '@/lib/owner-listings/view';
import { weekStart } from '@/lib/time/iso-week';
import { BADGE_THEMES, badgeCode, listingPageUrl } from './badge';
import { launchGates, badgeGateOf, type LaunchGates } from './gates';
import { queuePlace } from './queue';
import { promoteIfReady } from './schedule';
import { getLaunchSettings } from './settings';

const missingItemSchema = z.object({
  field: z.string().meta({ description: 'The profile field, e.g. photo.' }),
  reason: z.string(),
  url: z.string().meta({ description: 'Where it is fixed.' }),
});

export const badgeGateSchema = z
  .object({
    status: z.enum(['verified', 'not_found', 'not_checked']),
    checked_at: z.string().nullable().meta({ description: 'When the site was last read for the badge.' }),
    verified_at: z.string().nullable().meta({ description: 'When the badge was last found.' }),
    detail: z.string().nullable().meta({ description: 'What the last check saw.' }),
    fix_url: z.string().meta({ description: 'Where the badge code and the "Check now" button are.' }),
  })
  .meta({ id: 'BadgeGate' });

export const launchSchema = z
  .object({
    plan: z.string(),
    status: z.string().meta({ description: 'The listing status: awaiting_badge, scheduled or live.' }),
    week: z.string().nullable().meta({ description: 'ISO week of the launch, e.g. 2026-W51.' }),
    week_start: z
      .string()
      .nullable()
      .meta({ description: 'The week starts this day (Monday, 00:00 UTC), YYYY-MM-DD.' }),
    queue_place: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The listing's place in that week's free queue (1 = first)." }),
    week_capacity: z.number().int().meta({ description: 'Free launches per week.' }),
    gates: z.object({
      badge: badgeGateSchema,
      founder_profile: z.object({
        status: z.enum(['complete', 'missing']),
        missing: z.array(missingItemSchema),
        fix_url: z.string(),
      }),
    }),
  })
  .meta({ id: 'Launch' });
export type LaunchView = z.infer<typeof launchSchema>;

export const freeLaunchSchema = myListingSchema
  .extend({ launch: launchSchema })
  .meta({ id: 'FreeLaunch', description: 'The listing as get_my_listing shows it, with its launch.' });
export type FreeLaunchView = MyListing & { launch: LaunchView };

const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export async function launchView(
  db: DbOrTx,
  baseUrl: string,
  row: ListingRow,
  gates?: LaunchGates,
): Promise<LaunchView> {
  const [settings, place, g] = await Promise.all([
    getLaunchSettings(db, row.siteId),
    row.plan === 'free' ? queuePlace(db, row) : Promise.resolve(null),
    gates ? Promise.resolve(gates) : launchGates(db, baseUrl, row),
  ]);
  return {
    plan: row.plan,
    status: row.status,
    week: row.launchWeek,
    week_start: row.launchWeek ? dateOnly(weekStart(row.launchWeek)) : null,
    queue_place: place,
    week_capacity: settings.freeSlotsPerWeek,
    gates: g,
  };
}

export async function freeLaunchView(db: DbOrTx, baseUrl: string, row: ListingRow): Promise<FreeLaunchView> {
  const [listing, launch] = await Promise.all([myListingView(db, { baseUrl }, row), launchView(db, baseUrl, row)]);
  return { ...listing, launch };
}

const badgeCodeSchema = z.object({
  theme: z.enum(BADGE_THEMES),
  image_url: z.string().meta({ description: 'The SVG badge the site serves (shows the vote count once live).' }),
  html: z.string().meta({ description: 'Paste into your page.' }),
  markdown: z.string().meta({ description: 'For a README or a Markdown site.' }),
  width: z.number().int(),
  height: z.number().int(),
});

export const badgeKitSchema = z
  .object({
    listing_id: z.number().int(),
    listing_status: z.string(),
    launch_week: z.string().nullable(),
    page_url: z.string().meta({ description: 'The public listing page every badge links to.' }),
    badges: z.array(badgeCodeSchema).meta({ description: 'The light and the dark badge.' }),
    verification: badgeGateSchema,
  })
  .meta({ id: 'Badges' });
export type BadgeKit = z.infer<typeof badgeKitSchema>;

async function siteName(db: DbOrTx, siteId: number): Promise<string> {
  const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
  return site?.name ?? 'Product Directory';
}

export async function badgeKit(db: DbOrTx, baseUrl: string, row: ListingRow): Promise<BadgeKit> {
  const name = await siteName(db, row.siteId);
  return {
    listing_id: row.id,
    listing_status: row.status,
    launch_week: row.launchWeek,
    page_url: listingPageUrl(baseUrl, row.slug),
    badges: BADGE_THEMES.map((theme) => badgeCode(baseUrl, name, row, theme)),
    verification: badgeGateOf(baseUrl, row),
  };
}

/**
 * For the owner's listing page (which has checked access): the launch and the badge kit, read from
 * the process's database. A free listing whose gates both closed meanwhile (a profile completed
 * elsewhere) is scheduled first, so the page shows the truth.
 */
export async function launchPanelData(listingId: number, baseUrl: string, now: Date) {
  const db = await getDb();
  const [found] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!found) return null;
  const row = await promoteIfReady(db, found, now);
  const [launch, kit, settings] = await Promise.all([
    launchView(db, baseUrl, row),
    badgeKit(db, baseUrl, row),
    getLaunchSettings(db, row.siteId),
  ]);
  return { launch, kit, settings };
}
