// update_draft: applies the spec's PATCH verbs in a fixed order (restore, regenerate, typed values,
// lock_fields) through the state machine in fields.ts. A submitted draft updates its listing too.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, draftInvites, drafts } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import type { AuthedContext } from '@/lib/context';
import { emptyFields, isSaved, lock, mapFields, restore, setByCaller, applyAi } from './fields';
import type { UpdateDraftInput } from './patch-schema';
import { draftView, loadOwnDraft } from './queries';
import { redraft } from './redraft';
import { mergeStory } from './story';
import { nextVersion, versionConflict } from './version';
import { writeListingFromDraft } from './submit-draft';
import {
  MAX_STORY_SECTION,
  PROFILE_FIELDS,
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

/** Category names as the caller typed them → the names list_categories uses (case-insensitive). */
export async function resolveCategories(db: DbOrTx, names: string[]): Promise<string[]> {
  const all = await db.select({ name: categories.name, slug: categories.slug }).from(categories);
  const out: string[] = [];
  names.forEach((typed, i) => {
    const key = typed.trim().toLowerCase();
    const hit = all.find((c) => c.name.toLowerCase() === key || c.slug === key);
    if (!hit)
      throw fieldError(`fields.categories.${i}`, `Unknown category "${typed}". Use a name from list_categories.`);
    if (!out.includes(hit.name)) out.push(hit.name);
  });
  return out;
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
    if (row.status === 'failed')
      throw new AppError('conflict', 'This draft failed to build; submit the URL again to start a new one.');
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

    const [saved] = await tx
      .update(drafts)
      .set({ ...nextVersion(), fields, updatedAt: ctx.now })
      .where(eq(drafts.id, row.id))
      .returning();
    if (saved.listingId !== null) await writeListingFromDraft(tx, ctx, saved);
    return draftView(tx, saved);
  });
}
