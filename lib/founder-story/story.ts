// set_founder_story: the founder story of one listing. Sections sent change (legacy names mapped by
// lib/drafts/story.ts, the one mapping update_draft also uses); every save checks the rules
// (./rules.ts) and publishes the story, or moves it back to draft with what is missing.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { founderStories, LISTING_STATUS, STORY_SECTIONS, type StorySections } from '@/db/schema';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import type { AuthedContext } from '@/lib/context';
import { mergeStory } from '@/lib/drafts/story';
import { MAX_STORY_SECTION } from '@/lib/drafts/types';
import { fieldError } from '@/lib/errors/app-error';
import { primaryFounderProfile } from '@/lib/founders/primary';
import { profileCompleteness } from '@/lib/founders/completeness';
import { loadOwnListing, type ListingRow } from '@/lib/owner-listings/access';
import { recordListingChange, sameValue } from '@/lib/owner-listings/edit';
import { LISTING_FIELDS } from '@/lib/owner-listings/listing-fields';
import { storyChecks, storyMissing, type ProfileCheck, type StoryCheck } from './rules';

export type StoryStatus = 'draft' | 'published';

export const founderStorySchema = z
  .object({
    title: z.string().meta({ description: 'The story title ("" until one is written).' }),
    url: z.string().meta({
      description:
        'The public story page once published and the listing is live (shown_on_listing), else the story editor.',
    }),
    published_at: z.string().nullable().meta({ description: 'When it was published; null while unpublished.' }),
    shown_on_listing: z
      .boolean()
      .meta({ description: 'Whether the listing page shows it now (published, and the listing is live).' }),
    status: z.enum(['published', 'draft']),
    missing: z
      .array(z.object({ reason: z.string(), url: z.string().meta({ description: 'Where to fix it.' }) }))
      .meta({ description: 'What to do before it publishes; empty once published.' }),
  })
  .meta({ id: 'FounderStory' });
export type FounderStory = z.infer<typeof founderStorySchema>;

export type StoryPatch = Record<string, string | null | undefined>;

export const storyEditorUrl = (baseUrl: string, listingId: number) => `${baseUrl}/account/listings/${listingId}#story`;
export const storyPageUrl = (baseUrl: string, slug: string) => `${baseUrl}/p/${slug}/story`;

/** The profile rule for this listing, its reasons written for the caller (their own profile, or someone else's). */
export async function primaryProfileCheck(
  db: DbOrTx,
  listing: ListingRow,
  callerId: string,
  baseUrl: string,
): Promise<ProfileCheck> {
  const profile = await primaryFounderProfile(db, listing);
  const { complete, missing } = profileCompleteness(profile);
  const own = profile ? profile.userId === callerId : listing.ownerId === callerId;
  return {
    complete,
    missing: missing.map((m) => ({
      reason: own
        ? m.reason
        : `${profile?.name ?? 'The primary founder'} (the primary founder) needs to complete their profile: ${m.field}.`,
      url: `${baseUrl}${m.url}`,
    })),
  };
}

type StoryRow = typeof founderStories.$inferSelect;

function view(listing: ListingRow, row: StoryRow | null, missing: FounderStory['missing'], baseUrl: string) {
  const published = row?.status === 'published';
  return {
    title: row?.sections.title ?? '',
    // The public page answers only for a live listing: before launch the link is the editor's, not a 404.
    url:
      published && listing.status === LISTING_STATUS.live
        ? storyPageUrl(baseUrl, listing.slug)
        : storyEditorUrl(baseUrl, listing.id),
    published_at: published && row?.publishedAt ? row.publishedAt.toISOString() : null,
    shown_on_listing: published && listing.status === LISTING_STATUS.live,
    status: published ? 'published' : 'draft',
    missing: published ? [] : missing,
  } satisfies FounderStory;
}

/**
 * set_founder_story's answer: the story, and the listing's version after it (new words are a version of
 * the listing: an update_my_listing sent with the version read before would be refused).
 */
export const storySavedSchema = founderStorySchema
  .extend({
    listing_version: z.number().int().meta({
      description:
        'The listing’s version after this save (new words are one version of its history): send it with the next update_my_listing.',
    }),
  })
  .meta({ id: 'SavedFounderStory' });

/** Saves the sections sent and applies the rules: published when they pass, draft with what is missing when not. */
export async function setFounderStory(
  ctx: AuthedContext,
  listingId: number,
  patch: StoryPatch,
): Promise<z.infer<typeof storySavedSchema>> {
  const userId = ctx.principal.userId;
  const { listing, result } = await ctx.db.transaction(async (tx) => {
    const listing = await loadOwnListing(tx, userId, listingId, { forUpdate: true });
    const [current] = await tx.select().from(founderStories).where(eq(founderStories.listingId, listing.id));
    const sections = mergeStory(current?.sections ?? {}, patch) as StorySections;
    for (const key of STORY_SECTIONS)
      if ((sections[key]?.length ?? 0) > MAX_STORY_SECTION)
        throw fieldError(
          key,
          `At most ${MAX_STORY_SECTION} characters per section (legacy sections joined into it count too).`,
        );
    const profile = await primaryProfileCheck(tx, listing, userId, ctx.baseUrl);
    const missing = storyMissing(sections, profile, storyEditorUrl(ctx.baseUrl, listing.id));
    const status: StoryStatus = missing.length === 0 ? 'published' : 'draft';
    const publishedAt =
      status === 'published' ? (current?.status === 'published' ? current.publishedAt : ctx.now) : null;
    const values = { sections, status, publishedAt, updatedAt: ctx.now };
    const [row] = await tx
      .insert(founderStories)
      .values({ listingId: listing.id, ...values, createdAt: ctx.now })
      .onConflictDoUpdate({ target: founderStories.listingId, set: values })
      .returning();
    // New words are a listing version, as an edit is (a draft or listing editor holding the old one gets a 409).
    const before = await LISTING_FIELDS.story.normalize!(tx, listing, current?.sections ?? {});
    const after = await LISTING_FIELDS.story.read(tx, listing);
    const version = sameValue(before, after)
      ? listing.version
      : await recordListingChange(tx, ctx, listing, [{ field: 'story', before, after }], {
          source: 'set_founder_story',
          actorId: userId,
        });
    return { listing, result: { ...view(listing, row, missing, ctx.baseUrl), listing_version: version } };
  });
  revalidatePublic(...listingTags(listing));
  return result;
}

export type StoryEditorState = {
  sections: StorySections;
  status: StoryStatus | 'none';
  publishedAt: string | null;
  profile: ProfileCheck;
  checks: StoryCheck[];
  /** The story as set_founder_story would answer now (missing computed against the saved text). */
  story: FounderStory;
};

/** What the story editor shows for a listing the caller manages (the page checked that). */
export async function storyEditorState(
  db: DbOrTx,
  listing: ListingRow,
  callerId: string,
  baseUrl: string,
): Promise<StoryEditorState> {
  const [row] = await db.select().from(founderStories).where(eq(founderStories.listingId, listing.id));
  const sections = row?.sections ?? {};
  const profile = await primaryProfileCheck(db, listing, callerId, baseUrl);
  return {
    sections,
    status: row ? (row.status === 'published' ? 'published' : 'draft') : 'none',
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    profile,
    checks: storyChecks(sections, profile),
    story: view(listing, row ?? null, storyMissing(sections, profile, storyEditorUrl(baseUrl, listing.id)), baseUrl),
  };
}
