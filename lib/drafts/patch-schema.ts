// Input of update_draft (docs/spec.md#drafts-submit-by-url, PATCH /drafts/{id}): exactly the spec's body fields.
// Limits from docs/spec.md#8-limits are enforced here so refusals are 422s naming the field.
import { z } from 'zod';
import { milestoneDate } from '@/lib/listing-content/milestone-date';
import { isAllowListed, isIpLiteral, isPublicAddress } from '@/lib/net/address-rules';
import {
  DRAFT_FIELD_NAMES,
  MAX_FAQS,
  MAX_FOUNDERS,
  MAX_MILESTONES,
  MAX_STORY_SECTION,
  PLATFORMS,
  STORY_SECTIONS,
} from './types';

export const LEGACY_STORY_SECTIONS = [
  'story',
  'why_started',
  'journey',
  'challenges',
  'achievements',
  'lessons',
] as const;

/** A web address; a refusal says which part is wrong (a dotless host is not "no http://"). */
const webUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v), 'Must be a web address starting with https:// or http://.')
  .refine((v) => !/^https?:\/\//i.test(v) || (!/\s/.test(v) && URL.canParse(v)), 'This is not a valid web address.')
  .refine((v) => {
    if (!/^https?:\/\//i.test(v) || /\s/.test(v) || !URL.canParse(v)) return true; // said above
    return new URL(v).hostname.includes('.');
  }, 'Use a public address with a dot in its name (e.g. https://example.com/logo.png): this one works only on its own machine.');
/**
 * An image shown on public pages: the visitor's browser loads it, so it must not point at a private
 * or loopback address (an owner could make visitors' browsers reach their internal networks). Hosts
 * in CRAWLER_ALLOW_PRIVATE_HOSTS pass, as the crawler's do (the local demo site).
 */
const imageUrl = webUrl.refine((v) => {
  if (!URL.canParse(v)) return true; // said by webUrl
  // "localhost." is localhost (the root's dot): the name is judged without it.
  const host = new URL(v).hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isAllowListed(host)) return true;
  if (isIpLiteral(host)) return isPublicAddress(host);
  // A name that spells a private address (10.0.0.1.nip.io, 10-0-0-1.sslip.io) resolves to it.
  const spelled = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=[.-]|$)/.exec(host);
  if (spelled && isIpLiteral(spelled.slice(1).join('.')) && !isPublicAddress(spelled.slice(1).join('.'))) return false;
  return !/(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host);
}, 'Use an image on a public web address: this one points at a private network.');
const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v.startsWith('https://') && URL.canParse(v), 'Must be a link starting with https://.');

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
/** A name or a line shown as a heading: no line breaks or other control characters (a name reaches mail subjects). */
const line = (max: number) =>
  text(max).refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'One line of text: no line breaks.');

export const socialsInput = z
  .strictObject(
    Object.fromEntries(PLATFORMS.map((p) => [p, webUrl.nullable().optional()])) as Record<
      (typeof PLATFORMS)[number],
      z.ZodOptional<z.ZodNullable<typeof webUrl>>
    >,
  )
  .meta({ description: `Links by platform; keys: ${PLATFORMS.join(', ')}. Replaces all links of this kind.` });

const thisYear = new Date().getUTCFullYear();

export const profileFieldsInput = z
  .strictObject({
    name: line(100).min(1, 'Cannot be empty (send null to remove it).').nullable().optional(),
    headline: line(140).nullable().optional(),
    summary: text(600).nullable().optional(),
    description: text(10000).nullable().optional(),
    categories: z
      .array(line(100).min(1))
      .min(1)
      .max(3, 'At most 3 categories.')
      .nullable()
      .optional()
      .meta({ description: 'Names from list_categories, the first being primary.' }),
    pricing: text(300).nullable().optional(),
    founded_year: z
      .number()
      .int()
      .min(1800)
      .max(thisYear + 1)
      .nullable()
      .optional(),
    headquarters: line(150).nullable().optional(),
    team_size: line(40).nullable().optional(),
    company_name: line(150).nullable().optional(),
    logo_url: imageUrl.nullable().optional(),
    contact_email: z.email('Must be an email address.').max(254).nullable().optional(),
  })
  .meta({
    description:
      'Profile fields to set. A typed value becomes yours (edited/manual); null removes the field (deleted).',
  });

export const faqInput = z.strictObject({ question: text(300).min(1), answer: text(3000).min(1) });

export const founderInput = z.strictObject({
  name: line(100).min(1),
  role: line(100).nullable().optional(),
  photo_url: imageUrl.nullable().optional(),
  bio: text(3000).nullable().optional(),
  socials: socialsInput.optional(),
  founder_profile_id: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .meta({ description: 'Keep a co-founder who joined by invite.' }),
});

const storyText = z.string().max(MAX_STORY_SECTION, `At most ${MAX_STORY_SECTION} characters.`).nullable().optional();
export const storyInput = z
  .strictObject(
    Object.fromEntries([...STORY_SECTIONS, ...LEGACY_STORY_SECTIONS].map((k) => [k, storyText])) as Record<
      string,
      typeof storyText
    >,
  )
  .meta({
    description: `Founder story sections: ${STORY_SECTIONS.join(', ')}; legacy names ${LEGACY_STORY_SECTIONS.join(', ')} are accepted and mapped. null clears a section.`,
  });

export const milestoneInput = z.strictObject({
  date: milestoneDate,
  title: text(200).min(1),
  description: text(2000).nullable().optional(),
  url: httpsUrl.nullable().optional(),
});

export const seoInput = z.strictObject({
  title: text(70).optional(),
  description: text(320).optional(),
  keywords: z.array(text(50).min(1)).max(20).optional(),
});

const fieldNames = z.array(z.enum(DRAFT_FIELD_NAMES)).max(DRAFT_FIELD_NAMES.length);

export const updateDraftBody = {
  version: z.number().int().min(1).optional().meta({
    description:
      'The draft version you edited (from get_draft). If the draft has changed since, nothing is saved: 409 version_conflict with the current draft. Omit it and the last write wins.',
  }),
  fields: profileFieldsInput.optional(),
  lock_fields: fieldNames
    .optional()
    .meta({ description: 'Deprecated: same effect as saving these fields.', deprecated: true }),
  regenerate: fieldNames.optional().meta({
    description:
      'Fields for the AI to redraft from the stored website evidence; saved fields are skipped unless also in restore.',
  }),
  restore: fieldNames.optional().meta({ description: "Fields to return to the AI's original value and state." }),
  faqs: z
    .array(faqInput)
    .max(MAX_FAQS, `At most ${MAX_FAQS} FAQs.`)
    .optional()
    .meta({ description: `Replaces all FAQs (at most ${MAX_FAQS}).` }),
  company_socials: socialsInput.optional(),
  founder_socials: socialsInput.optional(),
  founders: z
    .array(founderInput)
    .max(MAX_FOUNDERS)
    .optional()
    .meta({ description: 'Replaces the founders; the first is primary.' }),
  story: storyInput.optional(),
  milestones: z.array(milestoneInput).max(MAX_MILESTONES).optional().meta({ description: 'Replaces the milestones.' }),
  competitor_url: z
    .union([z.literal(''), webUrl])
    .optional()
    .meta({ description: "Main competitor's website; '' clears it." }),
  seo: seoInput.optional(),
};
export const updateDraftInput = z.strictObject({ id: z.string().max(64), ...updateDraftBody });
export type UpdateDraftInput = z.infer<typeof updateDraftInput>;
