// The Draft resource (docs/spec.md#draft) as one set of zod schemas: the API contract of every drafts
// operation, and the types the crawler, drafters and editor share. Keep these stable.
import { z } from 'zod';
import { STORY_SECTIONS, type StorySection } from '@/db/schema';

export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;
export type FieldState = (typeof FIELD_STATES)[number];
/** States that mean "the caller saved this": kept through every AI redraft (docs/decisions.md#draft-field-states). */
export const SAVED_STATES: readonly FieldState[] = ['edited', 'manual', 'deleted', 'override'];

export const DRAFT_STATUSES = ['crawling', 'drafting', 'ready', 'failed', 'submitted'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const FAILURE_REASONS = [
  'robots_disallowed',
  'unreachable',
  'not_html',
  'blocked_address',
  'too_large',
  'timeout',
  'internal',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const PHASES = ['queued', 'robots', 'fetching', 'extracting', 'drafting', 'saving', 'done', 'failed'] as const;
export type Phase = (typeof PHASES)[number];

export const PLATFORMS = [
  'linkedin',
  'x',
  'facebook',
  'instagram',
  'tiktok',
  'youtube',
  'threads',
  'pinterest',
  'github',
  'reddit',
  'producthunt',
  'medium',
  'website',
  'custom',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Single-value profile fields; each is a FieldView in `draft.fields`. */
export const PROFILE_FIELDS = [
  'name',
  'headline',
  'summary',
  'description',
  'categories',
  'pricing',
  'founded_year',
  'headquarters',
  'team_size',
  'company_name',
  'logo_url',
  'contact_email',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Composite sections; plain values at the top level of the draft, their state in `draft.sections`. */
export const SECTIONS = [
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'competitor_url',
  'seo',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** Every name `regenerate`, `restore` and `lock_fields` accept. */
export const DRAFT_FIELD_NAMES = [...PROFILE_FIELDS, ...SECTIONS] as const;
export type DraftFieldName = (typeof DRAFT_FIELD_NAMES)[number];

/** Current founder story sections (defined with the table that stores them). Legacy names are mapped by lib/drafts/story.ts. */
export { STORY_SECTIONS, type StorySection };
export const MAX_STORY_SECTION = 8000;
export const MAX_FAQS = 5;
export const MAX_INVITES = 10;
export const MAX_FOUNDERS = 10;
export const MAX_MILESTONES = 50;

/** An object with exactly these keys, each a `value` (OpenAPI then lists the properties, unlike a record). */
function keyedObject<K extends string, V extends z.ZodType>(keys: readonly K[], value: V) {
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>);
}

export const evidenceSchema = z
  .object({
    quote: z.string().meta({ description: 'Verbatim text from the page (or the link/image address for URL values).' }),
    url: z.string().meta({ description: 'The page the quote was found on.' }),
  })
  .meta({ id: 'DraftEvidence' });
export type Evidence = z.infer<typeof evidenceSchema>;

const stateSchema = z.enum(FIELD_STATES).meta({
  description:
    'ai: drafted from the site with quotes; not_found: nothing on the site; edited: your value over an AI value; manual: your value over a blank; override: your value kept while a redraft found another (see suggestion); deleted: you removed it.',
});

/** The value types of the profile fields. */
export type ProfileValues = {
  name: string;
  headline: string;
  summary: string;
  description: string;
  categories: string[];
  pricing: string;
  founded_year: number;
  headquarters: string;
  team_size: string;
  company_name: string;
  logo_url: string;
  contact_email: string;
};

const valueSchema = z.union([z.string(), z.number(), z.array(z.string())]).nullable();

export const refusedSchema = z
  .object({
    value: z.unknown().meta({
      description:
        'What the AI proposed (for a list section, the refused items; for story and seo, the refused parts).',
    }),
    reason: z.string().meta({
      description: "Why the evidence guard refused it, e.g. \"'$120' is not on the site; the site says '$12'\".",
    }),
  })
  .nullable()
  .meta({
    id: 'DraftRefusal',
    description:
      'What the last AI draft proposed for this field and the evidence guard refused, because the site does not say it (null when nothing was refused). Never copied to the listing; replaced by the next redraft.',
  });
export type Refusal = { value: unknown; reason: string };

export const fieldViewSchema = z
  .object({
    value: valueSchema.meta({
      description: 'Current value (null when blank or deleted). categories: names, primary first.',
    }),
    state: stateSchema,
    evidence: z
      .array(evidenceSchema)
      .meta({ description: 'Quotes from the site supporting the AI value (empty for your own values).' }),
    ai_value: valueSchema.meta({
      description: 'What the AI drafted; restore puts it back. null when the site had nothing.',
    }),
    suggestion: z
      .object({ value: valueSchema, evidence: z.array(evidenceSchema) })
      .nullable()
      .meta({ description: 'state override only: the newer AI value kept beside yours.' }),
    refused: refusedSchema.default(null),
  })
  .meta({ id: 'DraftField' });
export type FieldView = z.infer<typeof fieldViewSchema>;

export const faqSchema = z.object({
  question: z.string(),
  answer: z.string(),
  evidence: z.array(evidenceSchema),
});
export type DraftFaq = z.infer<typeof faqSchema>;

export const socialsSchema = z
  .partialRecord(z.enum(PLATFORMS), z.string())
  .meta({ description: 'Links by platform key.' });
export type SocialLinks = Partial<Record<Platform, string>>;

export const founderSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  photo_url: z.string().nullable(),
  bio: z.string().nullable(),
  socials: socialsSchema,
  evidence: z.array(evidenceSchema),
  /** Set once a co-founder accepted an invite and filled in their own profile. */
  founder_profile_id: z.number().int().nullable(),
});
export type DraftFounder = z.infer<typeof founderSchema>;

export const storySchema = z
  .partialRecord(z.enum(STORY_SECTIONS), z.string())
  .meta({ description: 'Founder story sections (current names).' });
export type DraftStory = Partial<Record<StorySection, string>>;

export const milestoneSchema = z.object({
  date: z.string().meta({ description: 'YYYY-MM-DD' }),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
});
export type DraftMilestone = z.infer<typeof milestoneSchema>;

export const seoSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
});
export type DraftSeo = z.infer<typeof seoSchema>;

/** The value type of each composite section. */
export type SectionValues = {
  faqs: DraftFaq[];
  founders: DraftFounder[];
  company_socials: SocialLinks;
  founder_socials: SocialLinks;
  story: DraftStory;
  milestones: DraftMilestone[];
  competitor_url: string;
  seo: DraftSeo;
};
export type DraftValues = ProfileValues & SectionValues;

export const sectionStateSchema = z.object({
  state: stateSchema,
  evidence: z.array(evidenceSchema),
  restorable: z.boolean().meta({ description: 'True when the AI drafted something restore can put back.' }),
  has_suggestion: z.boolean().meta({ description: 'state override: a redraft found a different value.' }),
  refused: refusedSchema.default(null),
});

export const draftPageSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  kind: z.string().meta({ description: 'home, about, pricing, faq, team, contact, blog, other' }),
  status: z.enum(['fetched', 'disallowed', 'failed', 'skipped']),
});

export const missingSchema = z.object({ field: z.enum(DRAFT_FIELD_NAMES), message: z.string() });

export const inviteSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(['pending', 'accepted', 'expired']),
    created_at: z.string(),
    accepted_at: z.string().nullable(),
  })
  .meta({ id: 'CofounderInvite' });
export type InviteView = z.infer<typeof inviteSchema>;

export const draftSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'The website the draft was built from.' }),
    status: z
      .enum(DRAFT_STATUSES)
      .meta({ description: 'crawling → drafting → ready; failed (see failure); submitted once saved as a listing.' }),
    failure: z.object({ reason: z.enum(FAILURE_REASONS), message: z.string() }).nullable(),
    progress: z.object({
      phase: z.enum(PHASES),
      pages_fetched: z.number().int(),
      pages_planned: z.number().int(),
      percent: z.number().int().meta({ description: '0-100, for a progress bar.' }),
    }),
    fields: keyedObject(PROFILE_FIELDS, fieldViewSchema).meta({
      description: 'Profile fields, each with value, state and evidence.',
    }),
    faqs: z.array(faqSchema).meta({ description: 'At most 5.' }),
    founders: z.array(founderSchema).meta({ description: 'The first is the primary founder.' }),
    company_socials: socialsSchema,
    founder_socials: socialsSchema.meta({ description: "The primary founder's links by platform." }),
    story: storySchema,
    milestones: z.array(milestoneSchema),
    competitor_url: z.string().meta({ description: "Main competitor's website ('' when none)." }),
    seo: seoSchema,
    sections: keyedObject(SECTIONS, sectionStateSchema).meta({
      description: 'State and evidence of each composite section.',
    }),
    completeness: z.number().int().min(0).max(100),
    missing: z.array(missingSchema),
    pages: z.array(draftPageSchema).meta({ description: 'Pages read from the site (the evidence sources).' }),
    invites: z.array(inviteSchema),
    listing_id: z.number().int().nullable().meta({ description: 'Set once submitted.' }),
    version: z.number().int().meta({
      description:
        'Goes up by one on every change; send it to update_draft (or If-Match over REST) so you never overwrite a newer change.',
    }),
    created_at: z.string(),
    updated_at: z.string(),
    submitted_at: z.string().nullable(),
  })
  .meta({ id: 'Draft' });
export type DraftView = z.infer<typeof draftSchema>;

export const draftSummarySchema = z
  .object({
    id: z.string(),
    url: z.string(),
    name: z.string().nullable(),
    status: z.enum(DRAFT_STATUSES),
    failure_reason: z.enum(FAILURE_REASONS).nullable(),
    completeness: z.number().int(),
    progress_percent: z.number().int(),
    listing_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DraftSummary' });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** One stored field: what the caller sees plus what restore and override need. */
export type StoredField<T = unknown> = {
  value: T | null;
  state: FieldState;
  evidence: Evidence[];
  ai: { value: T | null; evidence: Evidence[] } | null;
  suggestion: { value: T | null; evidence: Evidence[] } | null;
  /** What the last AI draft proposed and the evidence guard refused (absent in rows drafted before it). */
  refused?: Refusal | null;
};
export type StoredFields = { [K in DraftFieldName]: StoredField<DraftValues[K]> };

/** What a drafter proposes for one field (before the evidence guard). */
export type Proposal<T = unknown> = { value: T | null; evidence: Evidence[]; refused?: Refusal };
export type Proposals = { [K in DraftFieldName]?: Proposal<DraftValues[K]> };
