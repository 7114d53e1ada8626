// How complete a draft is (0-100) and what is still missing, by field.
import { isBlank } from './fields';
import type { DraftFieldName, StoredFields } from './types';

const weights: [DraftFieldName, number, string][] = [
  ['name', 12, 'Add the product name.'],
  ['headline', 10, 'Add a one-line headline (up to 140 characters).'],
  ['summary', 10, 'Add a short summary of what the product does.'],
  ['description', 10, 'Add a longer description.'],
  ['categories', 10, 'Choose up to 3 categories (the first is primary).'],
  ['logo_url', 6, 'Add a logo.'],
  ['pricing', 6, 'Describe the pricing (free, from $X per month, ...).'],
  ['founders', 10, 'Add at least one founder (the first is primary).'],
  ['company_socials', 5, 'Add links to your social profiles.'],
  ['faqs', 5, 'Add a few frequently asked questions (up to 5).'],
  ['contact_email', 3, 'Add a contact email.'],
  ['company_name', 3, 'Add the company name.'],
  ['founded_year', 2, 'Add the year the company was founded.'],
  ['headquarters', 2, 'Add where the company is based.'],
  ['team_size', 1, 'Add the team size.'],
  ['story', 2, 'Tell the founder story.'],
  ['seo', 1, 'Add SEO title and description.'],
  ['milestones', 1, 'Add milestones (launches, funding, growth).'],
  ['founder_socials', 1, "Add the primary founder's social links."],
];

export function completeness(fields: StoredFields): {
  completeness: number;
  missing: { field: DraftFieldName; message: string }[];
} {
  let score = 0;
  const missing: { field: DraftFieldName; message: string }[] = [];
  for (const [field, weight, message] of weights) {
    if (isBlank(fields[field]?.value)) missing.push({ field, message });
    else score += weight;
  }
  return { completeness: Math.min(100, score), missing };
}
