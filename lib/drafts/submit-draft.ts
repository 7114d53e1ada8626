// submit_draft: saves a draft as a listing (status draft, not public). Running it again, or editing
// a submitted draft, updates the same listing.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  categories,
  drafts,
  founderProfiles,
  founderStories,
  listingCategories,
  listingFounders,
  listingMilestones,
  listings,
  LISTING_STATUS,
  type ListingStatus,
} from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import type { AuthedContext, OpContext } from '@/lib/context';
import { slugify } from '@/lib/listings/slug';
import { emptyFields } from './fields';
import { loadOwnDraft, type DraftRow } from './queries';
import type { DraftValues, StoredFields } from './types';
import { nextVersion } from './version';

async function uniqueSlug(db: DbOrTx, table: typeof listings | typeof founderProfiles, base: string): Promise<string> {
  const root = slugify(base);
  for (let i = 1; ; i++) {
    const slug = i === 1 ? root : `${root}-${i}`;
    const [hit] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
    if (!hit) return slug;
  }
}

function values(fields: StoredFields | null): Partial<DraftValues> {
  const all = { ...emptyFields(), ...(fields ?? {}) };
  return Object.fromEntries(Object.entries(all).map(([k, f]) => [k, f.value ?? undefined])) as Partial<DraftValues>;
}

async function writeFounders(db: DbOrTx, ownerId: string, listingId: number, v: Partial<DraftValues>) {
  const linked = await db
    .select({ id: founderProfiles.id, userId: founderProfiles.userId })
    .from(listingFounders)
    .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(eq(listingFounders.listingId, listingId));
  await db.delete(listingFounders).where(eq(listingFounders.listingId, listingId));
  // Profiles this draft created for people without an account are rebuilt from the draft.
  const orphans = linked.filter((p) => p.userId === null).map((p) => p.id);
  if (orphans.length)
    await db.delete(founderProfiles).where(and(inArray(founderProfiles.id, orphans), isNull(founderProfiles.userId)));

  const founders = v.founders ?? [];
  for (const [position, f] of founders.entries()) {
    const socials = position === 0 ? { ...f.socials, ...(v.founder_socials ?? {}) } : f.socials; // founder_socials is the explicit field for the primary founder
    let founderId = f.founder_profile_id;
    if (founderId == null) {
      const [own] =
        position === 0 ? await db.select().from(founderProfiles).where(eq(founderProfiles.userId, ownerId)) : [];
      const data = { name: f.name, role: f.role, bio: f.bio, photoUrl: f.photo_url, socials };
      if (own) {
        founderId = own.id;
        await db
          .update(founderProfiles)
          .set({ ...data, updatedAt: new Date() })
          .where(eq(founderProfiles.id, own.id));
      } else {
        const slug = await uniqueSlug(db, founderProfiles, f.name);
        const [created] = await db
          .insert(founderProfiles)
          .values({ ...data, slug, userId: position === 0 ? ownerId : null })
          .returning({ id: founderProfiles.id });
        founderId = created.id;
      }
    }
    await db
      .insert(listingFounders)
      .values({ listingId, founderId, isPrimary: position === 0, position })
      .onConflictDoNothing();
  }
}

/** Creates or updates the draft's listing from the draft's current values. */
export async function writeListingFromDraft(
  db: DbOrTx,
  ctx: Pick<OpContext, 'site' | 'now'>,
  draft: DraftRow,
): Promise<{ listingId: number; created: boolean; status: string }> {
  const v = values(draft.fields);
  if (!v.name) throw fieldError('fields.name', 'Add the product name before submitting.');
  const data = {
    name: v.name,
    url: draft.url,
    headline: v.headline ?? '',
    summary: v.summary ?? '',
    description: v.description ?? '',
    logoUrl: v.logo_url ?? null,
    companyName: v.company_name ?? null,
    foundedYear: v.founded_year ?? null,
    headquarters: v.headquarters ?? null,
    teamSize: v.team_size ?? null,
    pricing: v.pricing ?? null,
    contactEmail: v.contact_email ?? null,
    socials: v.company_socials ?? {},
    faqs: (v.faqs ?? []).map((f) => ({ question: f.question, answer: f.answer })),
    seo: v.seo ?? {},
    competitorUrl: v.competitor_url || null,
    updatedAt: ctx.now,
  };
  let listingId = draft.listingId;
  let created = false;
  let status: ListingStatus = LISTING_STATUS.draft;
  if (listingId !== null) {
    const [row] = await db
      .update(listings)
      .set(data)
      .where(eq(listings.id, listingId))
      .returning({ status: listings.status });
    if (row) status = row.status;
    else listingId = null; // the listing was deleted meanwhile: make a new one
  }
  if (listingId === null) {
    const slug = await uniqueSlug(db, listings, v.name);
    const [row] = await db
      .insert(listings)
      .values({ ...data, siteId: ctx.site.id, ownerId: draft.ownerId, slug, status: LISTING_STATUS.draft })
      .returning({ id: listings.id });
    listingId = row.id;
    created = true;
  }

  await db.delete(listingCategories).where(eq(listingCategories.listingId, listingId));
  const names = v.categories ?? [];
  if (names.length) {
    const rows = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.name, names));
    const ordered = names.map((n) => rows.find((r) => r.name === n)).filter((r) => r !== undefined);
    if (ordered.length)
      await db.insert(listingCategories).values(
        ordered.map((c, position) => ({
          listingId: listingId!,
          categoryId: c.id,
          isPrimary: position === 0,
          position,
        })),
      );
  }
  await writeFounders(db, draft.ownerId, listingId, v);
  await db.delete(listingMilestones).where(eq(listingMilestones.listingId, listingId));
  const milestones = v.milestones ?? [];
  if (milestones.length)
    await db.insert(listingMilestones).values(
      milestones.map((m) => ({
        listingId: listingId!,
        date: m.date,
        title: m.title,
        description: m.description,
        url: m.url,
      })),
    );
  const story = v.story ?? {};
  if (Object.keys(story).length) {
    await db
      .insert(founderStories)
      .values({ listingId, sections: story })
      .onConflictDoUpdate({ target: founderStories.listingId, set: { sections: story, updatedAt: ctx.now } });
  }
  if (draft.listingId !== listingId || draft.status !== 'submitted') {
    await db
      .update(drafts)
      .set({
        ...nextVersion(),
        listingId,
        status: 'submitted',
        submittedAt: draft.submittedAt ?? ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(drafts.id, draft.id));
  }
  return { listingId, created, status };
}

export async function submitDraft(ctx: AuthedContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const draft = await loadOwnDraft(tx, ctx.principal.userId, id);
    if (draft.status === 'crawling' || draft.status === 'drafting')
      throw new AppError(
        'draft_not_ready',
        'The draft is still being built; poll get_draft until its status is ready.',
      );
    if (draft.status === 'failed')
      throw new AppError('conflict', 'This draft failed to build; submit the URL again to start a new one.');
    const [locked] = await tx.select().from(drafts).where(eq(drafts.id, id)).for('update');
    const r = await writeListingFromDraft(tx, ctx, locked);
    return { listing_id: r.listingId, draft_id: id, listing_status: r.status, created: r.created };
  });
}
