// update_draft: applies the spec's PATCH verbs in a fixed order (restore, regenerate, typed values,
// lock_fields) through the state machine in fields.ts. A submitted draft updates its listing too:
// only the fields this call changed, through the versioned edit path (docs/decisions.md#listing-edits).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftInvites, drafts } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';
import type { AuthedContext } from '@/lib/context';
import { resolveCategories } from '@/lib/owner-listings/categories';
import { applyListingEdit, sameValue } from '@/lib/owner-listings/edit';
import { LISTING_FIELDS, type ListingFieldName } from '@/lib/owner-listings/listing-fields';
import { emptyFields, isSaved, lock, mapFields, restore, setByCaller, applyAi } from './fields';
import type { UpdateDraftInput } from './patch-schema';
import { draftFailed, draftView, loadOwnDraft, type DraftRow } from './queries';
import { redraft } from './redraft';
import { LEGACY_STORY_MAP, mergeStory } from './story';
import { nextVersion, versionConflict } from './version';
import { draftValues, LISTING_FIELD_OF, listingPatchFromDraft, lockDraftListing } from './submit-draft';
import {
  DRAFT_FIELD_NAMES,
  MAX_STORY_SECTION,
  PROFILE_FIELDS,
  STORY_SECTIONS,
  type DraftFieldName,
  type DraftFounder,
  type DraftStory,
  type SocialLinks,
  type StoredField,
  type StoredFields,
} from './types';

function cleanSocials(input: Record<string, string | null | undefined>): SocialLinks {
  return Object.fromEntries(
    Object.entries(input).filter(([, v]) => typeof v === 'string' && v.length > 0),
  ) as SocialLinks;
}

async function checkFounderProfiles(db: DbOrTx, draftId: string, founders: NonNullable<UpdateDraftInput['founders']>) {
  const ids = founders.map((f) => f.founder_profile_id).filter((x): x is number => typeof x === 'number');
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: draftInvites.founderProfileId })
    .from(draftInvites)
    .where(eq(draftInvites.draftId, draftId));
  const known = new Set(rows.map((r) => r.id));
  founders.forEach((f, i) => {
    if (f.founder_profile_id != null && !known.has(f.founder_profile_id)) {
      throw fieldError(
        `founders.${i}.founder_profile_id`,
        'Only founder profiles of co-founders who accepted an invite to this draft can be linked.',
      );
    }
  });
}

export async function updateDraft(ctx: AuthedContext, input: UpdateDraftInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await loadOwnDraft(tx, ctx.principal.userId, input.id);
    if (row.status === 'failed') throw draftFailed();
    const [locked] = await tx.select().from(drafts).where(eq(drafts.id, row.id)).for('update');
    if (input.version !== undefined && input.version !== locked.version)
      throw versionConflict(input.version, await draftView(tx, locked));
    let fields: StoredFields = { ...emptyFields(), ...(locked.fields ?? {}) };
    const restoreNames = input.restore ?? [];

    fields = mapFields(fields, restoreNames, restore);
    if (input.regenerate?.length) {
      const names = input.regenerate.filter((n) => !isSaved(fields[n]) || restoreNames.includes(n));
      if (names.length) {
        const proposals = await redraft(tx, locked, names);
        // While the draft is still building, the job's own draft will cover these fields.
        if (proposals) fields = mapFields(fields, names, (f, n) => applyAi(f, proposals[n] as never));
      }
    }

    const set = <K extends keyof StoredFields>(name: K, value: unknown) => {
      fields = { ...fields, [name]: setByCaller(fields[name] as StoredField, value) };
    };
    const typed = input.fields ?? {};
    for (const name of PROFILE_FIELDS) {
      if (!(name in typed)) continue;
      let value = (typed as Record<string, unknown>)[name] ?? null;
      if (name === 'categories' && Array.isArray(value)) value = await resolveCategories(tx, value as string[]);
      set(name, value);
    }
    if (input.faqs)
      set(
        'faqs',
        input.faqs.map((f) => ({ question: f.question, answer: f.answer, evidence: [] })),
      );
    if (input.company_socials) set('company_socials', cleanSocials(input.company_socials));
    if (input.founder_socials) set('founder_socials', cleanSocials(input.founder_socials));
    if (input.founders) {
      await checkFounderProfiles(tx, row.id, input.founders);
      set(
        'founders',
        input.founders.map((f): DraftFounder => ({
          name: f.name,
          role: f.role ?? null,
          photo_url: f.photo_url ?? null,
          bio: f.bio ?? null,
          socials: cleanSocials(f.socials ?? {}),
          evidence: [],
          founder_profile_id: f.founder_profile_id ?? null,
        })),
      );
    }
    if (input.story) {
      const merged = mergeStory((fields.story.value ?? {}) as DraftStory, input.story);
      for (const [section, text] of Object.entries(merged)) {
        if (text && text.length > MAX_STORY_SECTION)
          throw fieldError(`story.${section}`, `At most ${MAX_STORY_SECTION} characters per section.`);
      }
      set('story', merged);
    }
    if (input.milestones)
      set(
        'milestones',
        input.milestones.map((m) => ({
          date: m.date,
          title: m.title,
          description: m.description ?? null,
          url: m.url ?? null,
        })),
      );
    if (input.competitor_url !== undefined) set('competitor_url', input.competitor_url || null);
    if (input.seo) set('seo', input.seo);
    fields = mapFields(fields, input.lock_fields ?? [], lock);

    // A call that changes nothing keeps the version: an editor holding it would get a 409 for nothing.
    // (A submitted draft's sent fields still reach a listing edited since.)
    const unchanged = sameValue({ ...emptyFields(), ...(locked.fields ?? {}) }, fields);
    const [saved] = unchanged
      ? [locked]
      : await tx
          .update(drafts)
          .set({ ...nextVersion(), fields, updatedAt: ctx.now })
          .where(eq(drafts.id, row.id))
          .returning();
    if (saved.listingId !== null) await updateListing(tx, ctx, input, locked, saved);
    return draftView(tx, saved);
  });
}

/** The draft fields this call sent or changed (a redraft or restore changes values it was not sent). */
function touchedFields(input: UpdateDraftInput, before: StoredFields, after: StoredFields): Set<DraftFieldName> {
  const sent: DraftFieldName[] = [
    ...(Object.keys(input.fields ?? {}) as DraftFieldName[]),
    ...SECTIONS_SENT.filter((k) => input[k] !== undefined),
  ];
  const changed = DRAFT_FIELD_NAMES.filter((n) => !sameValue(before[n]?.value, after[n]?.value));
  return new Set([...sent, ...changed]);
}
const SECTIONS_SENT = [
  'faqs',
  'company_socials',
  'founder_socials',
  'founders',
  'story',
  'milestones',
  'competitor_url',
  'seo',
] as const;

/**
 * A submitted draft's edit reaches its listing: only the fields this call touched, compared with the
 * listing (not the draft) so edits made on the listing since stay unless this call changes them.
 * The story: only the sections that changed, over the listing's current story.
 */
async function updateListing(
  db: DbOrTx,
  ctx: AuthedContext,
  input: UpdateDraftInput,
  before: DraftRow,
  saved: DraftRow,
) {
  const listing = await lockDraftListing(db, saved);
  if (!listing) return;
  const prior = { ...emptyFields(), ...(before.fields ?? {}) };
  const next = { ...emptyFields(), ...(saved.fields ?? {}) };
  const touched = touchedFields(input, prior, next);
  const only = new Set<ListingFieldName>([...touched].map((n) => LISTING_FIELD_OF[n]));
  const values = draftValues(saved.fields);
  if (only.has('name') && !values.name) throw fieldError('fields.name', 'A submitted listing needs its name.');
  const patch = listingPatchFromDraft(values, only);
  if (patch.story) {
    const was = (prior.story.value ?? {}) as DraftStory;
    const now = (next.story.value ?? {}) as DraftStory;
    const sentSections = Object.entries(input.story ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k]) => LEGACY_STORY_MAP[k] ?? k);
    const story = { ...((await LISTING_FIELDS.story.read(db, listing)) as DraftStory) };
    for (const section of STORY_SECTIONS) {
      if ((was[section] ?? '') === (now[section] ?? '') && !sentSections.includes(section)) continue;
      if (now[section]) story[section] = now[section];
      else delete story[section];
    }
    patch.story = story;
  }
  await applyListingEdit(db, ctx, listing, patch, { source: 'update_draft', actorId: ctx.principal.userId });
}
