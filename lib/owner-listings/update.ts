// update_my_listing: the owner edits a submitted listing (docs/decisions.md#listing-edits). Only the
// fields sent change, through the one versioned edit path; apply_to copies the company facts, socials
// and FAQs sent to the caller's own listings of the same product on other sites, each its own version.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { listings, sites } from '@/db/schema';
import type { AuthedContext } from '@/lib/context';
import { staleVersionDetail } from '@/lib/errors/version-conflict';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { loadOwnListing, managedBy, type ListingRow } from './access';
import { resolveCategories } from './categories';
import { applyListingEdit } from './edit';
import type { ListingFieldName, ListingPatch } from './listing-fields';
import { SITE_FIELDS, type UpdateMyListingInput } from './patch-schema';
import { myListingSchema, myListingView, type MyListing } from './view';

const SOURCE = 'update_my_listing';

export const listingEditResultSchema = myListingSchema
  .extend({
    changed_fields: z
      .array(z.string())
      .meta({ description: 'The fields of this listing that changed (empty when everything sent was already so).' }),
    version_created: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The version this edit became in the history; null when nothing changed.' }),
    applied_to: z
      .array(
        z.object({
          site_key: z.string(),
          site_name: z.string(),
          listing_id: z.number().int(),
          changed_fields: z.array(z.string()),
          version_created: z.number().int().nullable(),
          not_copied: z
            .array(z.string())
            .meta({ description: 'Fields sent that belong to this site’s listing and were not copied.' }),
        }),
      )
      .meta({ description: 'Per apply_to listing: what changed there.' }),
  })
  .meta({ id: 'MyListingEdit' });
export type ListingEditResult = z.infer<typeof listingEditResultSchema>;

/** The body → the listing fields to set (categories resolved, blanks as the listing stores them). */
async function toPatch(db: DbOrTx, input: UpdateMyListingInput): Promise<ListingPatch> {
  const patch: ListingPatch = {};
  const fields = input.fields ?? {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (name === 'categories') patch.categories = value ? await resolveCategories(db, value as string[]) : [];
    else if (name === 'headline' || name === 'summary' || name === 'description') patch[name] = (value as string) ?? '';
    else (patch as Record<string, unknown>)[name] = value;
  }
  if (input.socials)
    patch.socials = Object.fromEntries(
      Object.entries(input.socials).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
  if (input.faqs) patch.faqs = input.faqs.map((f) => ({ question: f.question, answer: f.answer }));
  return patch;
}

/** The caller's listings of the same product (same URL) on the sites named; 422 for an unknown key. */
async function applyTargets(db: DbOrTx, userId: string, listing: ListingRow, keys: string[] | undefined) {
  if (!keys?.length) return [];
  const mine = await db
    .select({ id: listings.id, siteKey: sites.key, siteName: sites.name })
    .from(listings)
    .innerJoin(sites, eq(sites.id, listings.siteId))
    .where(
      and(
        eq(listings.url, listing.url),
        ne(listings.id, listing.id),
        ne(listings.siteId, listing.siteId),
        managedBy(userId),
      ),
    )
    .orderBy(asc(sites.key), asc(listings.id));
  const known = await db.select({ id: sites.id, key: sites.key, name: sites.name }).from(sites);
  const [own] = known.filter((s) => s.id === listing.siteId);
  // Every key is checked, beside "all" too: a mistyped key is refused, not ignored.
  keys.forEach((key, i) => {
    if (key === 'all') return;
    const site = known.find((s) => s.key === key);
    if (!site)
      throw fieldError(
        `apply_to.${i}`,
        `Unknown site key "${key}". Use "all" or the site keys in other_sites of get_my_listing.`,
      );
    if (site.key !== own?.key && !mine.some((m) => m.siteKey === key))
      throw fieldError(`apply_to.${i}`, `You have no listing of this product on ${site.name} ("${key}").`);
  });
  return keys.includes('all') ? mine : mine.filter((m) => keys.includes(m.siteKey));
}

export async function updateMyListing(ctx: AuthedContext, input: UpdateMyListingInput): Promise<ListingEditResult> {
  const userId = ctx.principal.userId;
  return ctx.db.transaction(async (tx) => {
    const row = await loadOwnListing(tx, userId, input.listing_id, { forUpdate: true });
    if (input.version !== undefined && input.version !== row.version)
      throw new AppError(
        'version_conflict',
        staleVersionDetail(
          'listing',
          input.version,
          row.version,
          'Merge your changes into current and send them again with its version.',
        ),
        { extra: { current_version: row.version, current: await myListingView(tx, ctx, row) } },
      );
    const patch = await toPatch(tx, input);
    const targets = await applyTargets(tx, userId, row, input.apply_to);
    const own = await applyListingEdit(tx, ctx, row, patch, { source: SOURCE, actorId: userId });

    const sent = Object.keys(patch) as ListingFieldName[];
    const siteOnly = sent.filter((f) => (SITE_FIELDS as readonly string[]).includes(f));
    const travelling = Object.fromEntries(
      Object.entries(patch).filter(([f]) => !siteOnly.includes(f as ListingFieldName)),
    ) as ListingPatch;
    const locked = targets.length
      ? await tx
          .select()
          .from(listings)
          .where(
            inArray(
              listings.id,
              targets.map((t) => t.id),
            ),
          )
          .orderBy(asc(listings.id))
          .for('update')
      : [];
    const applied: ListingEditResult['applied_to'] = [];
    for (const t of targets) {
      const target = locked.find((l) => l.id === t.id)!;
      const r = await applyListingEdit(tx, ctx, target, travelling, { source: SOURCE, actorId: userId });
      applied.push({
        site_key: t.siteKey,
        site_name: t.siteName,
        listing_id: t.id,
        changed_fields: r.changes.map((c) => c.field),
        version_created: r.changes.length ? r.version : null,
        not_copied: siteOnly,
      });
    }

    const [fresh] = await tx.select().from(listings).where(eq(listings.id, row.id));
    const view: MyListing = await myListingView(tx, ctx, fresh);
    return {
      ...view,
      changed_fields: own.changes.map((c) => c.field),
      version_created: own.changes.length ? own.version : null,
      applied_to: applied,
    };
  });
}
