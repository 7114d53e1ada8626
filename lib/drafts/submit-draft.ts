// submit_draft: the first time, saves the draft as a listing (status draft, not public). From then on
// the listing is the record (docs/decisions.md#listing-edits): running it again applies the draft to
// the same listing through the one versioned edit path (lib/owner-listings/edit.ts), so only fields
// that differ change, the ids of milestones and founders stay, and the change is one version in the
// listing's history. update_draft on a submitted draft applies the fields it changed the same way.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { drafts, listings, LISTING_STATUS, type ListingStatus } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import type { AuthedContext, OpContext } from '@/lib/context';
import { applyListingEdit } from '@/lib/owner-listings/edit';
import type { ListingRow } from '@/lib/owner-listings/access';
import { LISTING_FIELDS, type ListingFieldName, type ListingPatch } from '@/lib/owner-listings/listing-fields';
import { refuseListedWebsite } from '@/lib/owner-listings/same-website';
import { uniqueSlug } from '@/lib/owner-listings/slugs';
import { emptyFields } from './fields';
import { draftFailed, loadOwnDraft, type DraftRow } from './queries';
import type { DraftFieldName, DraftValues, StoredFields } from './types';
import { nextVersion } from './version';

/** The draft's current values (blank fields left out). */
export function draftValues(fields: StoredFields | null): Partial<DraftValues> {
  const all = { ...emptyFields(), ...(fields ?? {}) };
  return Object.fromEntries(Object.entries(all).map(([k, f]) => [k, f.value ?? undefined])) as Partial<DraftValues>;
}

/** The listing field each draft field lands in. */
export const LISTING_FIELD_OF: Record<DraftFieldName, ListingFieldName> = {
  name: 'name',
  headline: 'headline',
  summary: 'summary',
  description: 'description',
  categories: 'categories',
  pricing: 'pricing',
  founded_year: 'founded_year',
  headquarters: 'headquarters',
  team_size: 'team_size',
  company_name: 'company_name',
  logo_url: 'logo_url',
  contact_email: 'contact_email',
  faqs: 'faqs',
  founders: 'founders',
  founder_socials: 'founders', // the primary founder's links travel with the founders
  company_socials: 'socials',
  story: 'story',
  milestones: 'milestones',
  competitor_url: 'competitor_url',
  seo: 'seo',
};

/** The listing values a draft stands for; `only` limits them to these listing fields. */
export function listingPatchFromDraft(v: Partial<DraftValues>, only?: ReadonlySet<ListingFieldName>): ListingPatch {
  const all: Required<ListingPatch> = {
    name: v.name ?? '',
    headline: v.headline ?? '',
    summary: v.summary ?? '',
    description: v.description ?? '',
    company_name: v.company_name ?? null,
    founded_year: v.founded_year ?? null,
    headquarters: v.headquarters ?? null,
    team_size: v.team_size ?? null,
    pricing: v.pricing ?? null,
    contact_email: v.contact_email ?? null,
    logo_url: v.logo_url ?? null,
    categories: v.categories ?? [],
    socials: v.company_socials ?? {},
    faqs: (v.faqs ?? []).map((f) => ({ question: f.question, answer: f.answer })),
    seo: v.seo ?? {},
    competitor_url: v.competitor_url || null,
    milestones: (v.milestones ?? []).map((m) => ({
      date: m.date,
      title: m.title,
      description: m.description ?? null,
      url: m.url ?? null,
    })),
    founders: (v.founders ?? []).map((f, i) => ({
      founder_profile_id: f.founder_profile_id ?? null,
      name: f.name,
      role: f.role ?? null,
      bio: f.bio ?? null,
      photo_url: f.photo_url ?? null,
      // founder_socials is the explicit field for the primary founder
      socials: i === 0 ? { ...f.socials, ...(v.founder_socials ?? {}) } : f.socials,
    })),
    story: v.story ?? {},
  };
  if (!only) return all;
  return Object.fromEntries(Object.entries(all).filter(([k]) => only.has(k as ListingFieldName))) as ListingPatch;
}

/** The first submission: a new listing row, then its categories, founders, milestones and story. */
async function createListing(
  db: DbOrTx,
  ctx: Pick<OpContext, 'site' | 'now'>,
  draft: DraftRow,
  patch: Required<ListingPatch>,
): Promise<ListingRow> {
  const [row] = await db
    .insert(listings)
    .values({
      siteId: ctx.site.id,
      ownerId: draft.ownerId,
      slug: await uniqueSlug(db, listings, patch.name),
      status: LISTING_STATUS.draft,
      name: patch.name,
      url: draft.url,
      headline: patch.headline,
      summary: patch.summary,
      description: patch.description,
      logoUrl: patch.logo_url,
      companyName: patch.company_name,
      foundedYear: patch.founded_year,
      headquarters: patch.headquarters,
      teamSize: patch.team_size,
      pricing: patch.pricing,
      contactEmail: patch.contact_email,
      socials: patch.socials,
      faqs: patch.faqs,
      seo: patch.seo,
      competitorUrl: patch.competitor_url,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  for (const field of ['categories', 'founders', 'milestones', 'story'] as const)
    await LISTING_FIELDS[field].write(db, row, patch[field]);
  return row;
}

/** The draft's listing, locked for this transaction (null when there is none or it was deleted). */
export async function lockDraftListing(db: DbOrTx, draft: DraftRow): Promise<ListingRow | null> {
  if (draft.listingId === null) return null;
  const [row] = await db.select().from(listings).where(eq(listings.id, draft.listingId)).for('update');
  return row ?? null;
}

/** Creates the draft's listing, or applies the whole draft to it (a version when something differs). */
export async function writeListingFromDraft(
  db: DbOrTx,
  ctx: Pick<OpContext, 'site' | 'now' | 'face'>,
  draft: DraftRow,
  actorId: string,
  expectedVersion?: number,
): Promise<{ listingId: number; created: boolean; status: ListingStatus; changed: string[] }> {
  const patch = listingPatchFromDraft(draftValues(draft.fields)) as Required<ListingPatch>;
  if (!patch.name) throw fieldError('fields.name', 'Add the product name before submitting.');
  let listing = await lockDraftListing(db, draft);
  const created = listing === null;
  let changed: string[] = [];
  if (listing) {
    const edit = await applyListingEdit(db, ctx, listing, patch, { source: 'submit_draft', actorId, expectedVersion });
    changed = edit.changes.map((c) => c.field);
  } else {
    await refuseListedWebsite(db, { siteId: ctx.site.id, url: draft.url, userId: draft.ownerId });
    listing = await createListing(db, ctx, draft, patch);
  }

  if (draft.listingId !== listing.id || draft.status !== 'submitted') {
    await db
      .update(drafts)
      .set({
        ...nextVersion(),
        listingId: listing.id,
        status: 'submitted',
        submittedAt: draft.submittedAt ?? ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(drafts.id, draft.id));
  }
  return { listingId: listing.id, created, status: listing.status, changed };
}

/** `listingVersion`: the listing's version the caller read; a listing edited since is a 409, unchanged. */
export async function submitDraft(ctx: AuthedContext, id: string, listingVersion?: number) {
  return ctx.db.transaction(async (tx) => {
    const draft = await loadOwnDraft(tx, ctx.principal.userId, id);
    if (draft.status === 'crawling' || draft.status === 'drafting')
      throw new AppError(
        'draft_not_ready',
        'The draft is still being built; poll get_draft until its status is ready.',
      );
    if (draft.status === 'failed') throw draftFailed();
    const [locked] = await tx.select().from(drafts).where(eq(drafts.id, id)).for('update');
    const r = await writeListingFromDraft(tx, ctx, locked, ctx.principal.userId, listingVersion);
    return {
      listing_id: r.listingId,
      draft_id: id,
      listing_status: r.status,
      created: r.created,
      changed_fields: r.changed,
    };
  });
}
