// Input of update_my_listing (PATCH /me/listings/{listing_id}): the spec's body, with the same field
// limits as update_draft (lib/drafts/patch-schema.ts). Unknown fields are a 422, never dropped.
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { faqInput, profileFieldsInput, socialsInput } from '@/lib/drafts/patch-schema';
import { MAX_FAQS } from '@/lib/drafts/types';

export const listingIdInput = rowIdText().meta({ description: 'Listing id (from list_my_listings).', example: 42 });

const f = profileFieldsInput.shape;

/** Company facts: the same company on every site, so apply_to copies them. */
export const COMPANY_FIELDS = [
  'company_name',
  'founded_year',
  'headquarters',
  'team_size',
  'pricing',
  'contact_email',
  'logo_url',
] as const;
/** This site's words about the product: they stay with this listing, apply_to never copies them. */
export const SITE_FIELDS = ['headline', 'summary', 'description', 'categories'] as const;

export const listingFieldsInput = z
  .strictObject({
    company_name: f.company_name,
    founded_year: f.founded_year,
    headquarters: f.headquarters,
    team_size: f.team_size,
    pricing: f.pricing,
    contact_email: f.contact_email,
    logo_url: f.logo_url,
    headline: f.headline,
    summary: f.summary,
    description: f.description,
    categories: f.categories,
  })
  .meta({
    description:
      'Fields to set; null removes one. Company facts (company_name, founded_year, headquarters, team_size, pricing, contact_email, logo_url) travel with apply_to; headline, summary, description and categories belong to this site’s listing.',
  });

export const updateMyListingBody = {
  version: z.number().int().min(0).optional().meta({
    description:
      'The listing version you edited (from get_my_listing; or If-Match with the ETag over REST). If the listing changed since, nothing is saved: 409 version_conflict with the current listing. Omit it and the last write wins.',
  }),
  fields: listingFieldsInput.optional(),
  apply_to: z
    .array(z.string().trim().min(1).max(40))
    .min(1)
    .max(20)
    .optional()
    .meta({
      description:
        'Also apply the company facts, socials and FAQs sent to your listings of the same product on other sites: ["all"] or site keys (other_sites in get_my_listing). Only the fields sent travel; an unknown site key is a 422. Default: this listing only.',
      example: ['all'],
    }),
  socials: socialsInput.optional().meta({ description: 'Company links by platform key; replaces all of them.' }),
  faqs: z
    .array(faqInput)
    .max(MAX_FAQS, `At most ${MAX_FAQS} FAQs.`)
    .optional()
    .meta({ description: `Replaces all FAQs (at most ${MAX_FAQS}).` }),
};
export const updateMyListingInput = z.strictObject({ listing_id: listingIdInput, ...updateMyListingBody });
export type UpdateMyListingInput = z.infer<typeof updateMyListingInput>;
