// The site team's review of listing edits (docs/decisions.md#site-team): every version of every
// listing of this site, newest first, each field as before/after (with a word diff for text), who made
// it and through which face; marking one reviewed; reverting one, which is itself a new version
// written through the one edit path (applyListingEdit).
import { and, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { listings, listingVersions, users, type EditFace, type ListingStatus } from '@/db/schema';
import type { OpContext } from '@/lib/context';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import { AppError, notFound } from '@/lib/errors/app-error';
import { applyListingEdit } from '@/lib/owner-listings/edit';
import { LISTING_FIELDS, type ListingPatch } from '@/lib/owner-listings/listing-fields';
import { offsetOf, toPage, type Page } from '@/lib/pagination';
import type { Site } from '@/lib/site/site';
import { assertAdmin, likeContains } from './guard';
import { mailOwner } from './owner-email';
import { wordDiff, type DiffPart } from './word-diff';

/** Versions written by moderation (moderation.ts): undone with Restore, not with Revert. */
export const MODERATION_SOURCES = ['reject_listing', 'archive_listing', 'restore_listing'] as const;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  headline: 'Headline',
  summary: 'Summary',
  description: 'Description',
  company_name: 'Company name',
  founded_year: 'Founded',
  headquarters: 'Headquarters',
  team_size: 'Team size',
  pricing: 'Pricing',
  contact_email: 'Contact email',
  logo_url: 'Logo',
  categories: 'Categories',
  socials: 'Socials',
  faqs: 'FAQs',
  seo: 'SEO',
  competitor_url: 'Competitor',
  status: 'Status',
  status_reason: 'Reason',
};
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

export type PersonRef = { id: string; email: string | null; name: string | null };

export type FieldChangeView = {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
  /** Word diff when both sides are text (or a number, or empty); null for lists and objects. */
  diff: DiffPart[] | null;
};

export type EditView = {
  id: number;
  version: number;
  listing: { id: number; name: string; slug: string; status: ListingStatus };
  actor: PersonRef | null;
  face: EditFace;
  source: string;
  /** The version id this one reverted. */
  revertOf: number | null;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: PersonRef | null;
  changes: FieldChangeView[];
  /** Fields of this version that a later version of the listing changed again (a revert overwrites them). */
  changedSince: string[];
  /** False for moderation versions (undone with Restore) and versions with no field an edit can write. */
  revertible: boolean;
};

export type EditFilter = {
  /** A listing id, or text found in its name or slug. */
  listing?: string;
  unreviewed?: boolean;
  page: number;
  per_page: number;
};

const isText = (v: unknown) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number';

function changeView(field: string, before: unknown, after: unknown): FieldChangeView {
  const diff = isText(before) && isText(after) ? wordDiff(String(before ?? ''), String(after ?? '')) : null;
  return { field, label: fieldLabel(field), before: before ?? null, after: after ?? null, diff };
}

const revertibleFields = <T extends { field: string }>(changes: T[]) =>
  changes.filter((c) => c.field in LISTING_FIELDS);
const isModeration = (source: string) => (MODERATION_SOURCES as readonly string[]).includes(source);

function listingFilter(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  if (/^\d{1,9}$/.test(q)) return eq(listingVersions.listingId, Number(q));
  return or(ilike(listings.name, likeContains(q)), ilike(listings.slug, likeContains(q)));
}

/** Versions of this site's listings, newest first (filter by listing, only unreviewed), paginated. */
export async function listEdits(db: DbOrTx, site: Pick<Site, 'id'>, filter: EditFilter): Promise<Page<EditView>> {
  const actor = alias(users, 'actor');
  const reviewer = alias(users, 'reviewer');
  const where = and(
    eq(listings.siteId, site.id),
    listingFilter(filter.listing),
    filter.unreviewed ? isNull(listingVersions.reviewedAt) : undefined,
  );
  const rows = await db
    .select({
      v: listingVersions,
      listing: { id: listings.id, name: listings.name, slug: listings.slug, status: listings.status },
      actor: { id: actor.id, email: actor.email, name: actor.name },
      reviewer: { id: reviewer.id, email: reviewer.email, name: reviewer.name },
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(listingVersions)
    .innerJoin(listings, eq(listings.id, listingVersions.listingId))
    .leftJoin(actor, eq(actor.id, listingVersions.actorId))
    .leftJoin(reviewer, eq(reviewer.id, listingVersions.reviewedBy))
    .where(where)
    .orderBy(desc(listingVersions.createdAt), desc(listingVersions.id))
    .limit(filter.per_page)
    .offset(offsetOf(filter));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listingVersions)
      .innerJoin(listings, eq(listings.id, listingVersions.listingId))
      .where(where);
    total = c?.n ?? 0;
  }

  // What later versions of the same listings changed, to warn before a revert overwrites it.
  const laterByListing = new Map<number, { version: number; fields: Set<string> }[]>();
  if (rows.length) {
    const minVersion = Math.min(...rows.map((r) => r.v.version));
    const later = await db
      .select({
        listingId: listingVersions.listingId,
        version: listingVersions.version,
        changes: listingVersions.changes,
      })
      .from(listingVersions)
      .where(
        and(
          inArray(listingVersions.listingId, [...new Set(rows.map((r) => r.v.listingId))]),
          gt(listingVersions.version, minVersion),
        ),
      );
    for (const l of later) {
      const list = laterByListing.get(l.listingId) ?? [];
      list.push({ version: l.version, fields: new Set(l.changes.map((c) => c.field)) });
      laterByListing.set(l.listingId, list);
    }
  }

  const items = rows.map(({ v, listing, actor: a, reviewer: r }): EditView => {
    const later = (laterByListing.get(v.listingId) ?? []).filter((l) => l.version > v.version);
    const changedSince = v.changes.map((c) => c.field).filter((f) => later.some((l) => l.fields.has(f)));
    return {
      id: v.id,
      version: v.version,
      listing,
      actor: a?.id ? a : null,
      face: v.face,
      source: v.source,
      revertOf: v.revertOf,
      createdAt: v.createdAt,
      reviewedAt: v.reviewedAt,
      reviewedBy: r?.id ? r : null,
      changes: v.changes.map((c) => changeView(c.field, c.before, c.after)),
      changedSince: [...new Set(changedSince)],
      revertible: !isModeration(v.source) && revertibleFields(v.changes).length > 0,
    };
  });
  return toPage(items, total, filter);
}

type AdminAct = { versionId: number; adminId: string };

/** A version of one of this site's listings, or 404. */
async function loadVersion(db: DbOrTx, site: Pick<Site, 'id'>, versionId: number) {
  const [row] = await db
    .select({ v: listingVersions })
    .from(listingVersions)
    .innerJoin(listings, eq(listings.id, listingVersions.listingId))
    .where(and(eq(listingVersions.id, versionId), eq(listings.siteId, site.id)));
  if (!row) throw notFound('Edit');
  return row.v;
}

/** Marks the version reviewed by the admin (once: a second call keeps the first reviewer and time). */
export async function markReviewed(
  ctx: Pick<OpContext, 'db' | 'now' | 'site'>,
  input: AdminAct,
): Promise<{ reviewedAt: Date; reviewedBy: string | null }> {
  await assertAdmin(ctx.db, input.adminId);
  const v = await loadVersion(ctx.db, ctx.site, input.versionId);
  if (v.reviewedAt) return { reviewedAt: v.reviewedAt, reviewedBy: v.reviewedBy };
  const [row] = await ctx.db
    .update(listingVersions)
    .set({ reviewedAt: ctx.now, reviewedBy: input.adminId })
    .where(and(eq(listingVersions.id, v.id), isNull(listingVersions.reviewedAt)))
    .returning({ reviewedAt: listingVersions.reviewedAt, reviewedBy: listingVersions.reviewedBy });
  if (row?.reviewedAt) return { reviewedAt: row.reviewedAt, reviewedBy: row.reviewedBy };
  // reviewed by someone else in the meantime
  const again = await loadVersion(ctx.db, ctx.site, input.versionId);
  return { reviewedAt: again.reviewedAt!, reviewedBy: again.reviewedBy };
}

export type RevertResult = {
  /** The listing's version after the revert (the new version). */
  version: number;
  /** The fields it changed back. */
  fields: string[];
  /** Fields a later version had changed again, overwritten by this revert. */
  overwritten: string[];
};

/**
 * Reverts one version: its fields get their `before` values again, as a NEW version (face 'admin',
 * source 'revert', revert_of the version) through applyListingEdit. When a later version changed one of
 * those fields since, the revert still restores this version's `before`, but only with
 * `overwriteLater: true` (otherwise 409 naming the fields, so the page can ask first). The revert and the
 * version it undoes are marked reviewed by the admin.
 */
export async function revertVersion(
  ctx: Pick<OpContext, 'db' | 'now' | 'site' | 'baseUrl'>,
  input: AdminAct & { overwriteLater?: boolean },
): Promise<RevertResult> {
  await assertAdmin(ctx.db, input.adminId);
  const done = await ctx.db.transaction(async (tx) => {
    const v = await loadVersion(tx, ctx.site, input.versionId);
    if (isModeration(v.source))
      throw new AppError(
        'conflict',
        'This version is a moderation (a status change). Undo it with Restore on the listings page.',
      );
    const [listing] = await tx.select().from(listings).where(eq(listings.id, v.listingId)).for('update');
    if (!listing) throw notFound('Edit');
    const fields = revertibleFields(v.changes);
    if (fields.length === 0) throw new AppError('conflict', 'This version changed nothing that can be reverted.');

    const later = await tx
      .select({ version: listingVersions.version, changes: listingVersions.changes })
      .from(listingVersions)
      .where(and(eq(listingVersions.listingId, v.listingId), gt(listingVersions.version, v.version)));
    const overwritten = fields
      .map((c) => c.field)
      .filter((f) => later.some((l) => l.changes.some((c) => c.field === f)));
    if (overwritten.length && !input.overwriteLater)
      throw new AppError(
        'conflict',
        `Later versions changed ${overwritten.map(fieldLabel).join(', ')} since version ${v.version}. Reverting puts back the values from before version ${v.version} and overwrites those later changes; confirm to revert anyway.`,
        { extra: { changed_since: overwritten } },
      );

    const patch: Record<string, unknown> = {};
    for (const c of fields) patch[c.field] = c.before ?? null;
    const result = await applyListingEdit(tx, { now: ctx.now }, listing, patch as ListingPatch, {
      source: 'revert',
      actorId: input.adminId,
      face: 'admin',
      revertOf: v.id,
    });
    if (result.changes.length === 0)
      throw new AppError(
        'conflict',
        `Nothing to revert: the listing already shows the values from before version ${v.version}.`,
      );
    // The site team's own edit is reviewed as it is made, and so is the version it undid.
    await tx
      .update(listingVersions)
      .set({ reviewedAt: ctx.now, reviewedBy: input.adminId })
      .where(
        and(
          eq(listingVersions.listingId, v.listingId),
          isNull(listingVersions.reviewedAt),
          inArray(listingVersions.version, [v.version, result.version]),
        ),
      );
    // The owner is told, as a rejection tells them: their words were changed by someone else.
    const put = result.changes.map((c) => fieldLabel(c.field));
    await mailOwner(tx, listing, ctx.site.name, (name, site) => ({
      subject: `The site team changed your listing ${name} back`,
      paragraphs: [
        `The ${site} site team reverted an edit of your listing ${name}: ${put.join(', ')} ${put.length === 1 ? 'is' : 'are'} back to what ${put.length === 1 ? 'it was' : 'they were'} before version ${v.version}.`,
        `Every change, with its before and after, is in your listing's history:\n${ctx.baseUrl}/account/listings/${listing.id}`,
      ],
    }));
    return {
      result: { version: result.version, fields: result.changes.map((c) => c.field), overwritten },
      listing: { id: listing.id, slug: listing.slug }, // an edit never changes the slug
    };
  });
  // applyListingEdit expired the caches inside the transaction; once more now that it is committed, so
  // no reader can have cached the old values in between.
  revalidatePublic(...listingTags(done.listing));
  return done.result;
}
