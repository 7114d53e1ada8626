// The words pages and server actions use for each draft field.
import type { DraftFieldName } from './types';

export const FIELD_LABELS: Record<DraftFieldName, string> = {
  name: 'Product name',
  headline: 'Headline',
  summary: 'Summary',
  description: 'Description',
  categories: 'Categories',
  pricing: 'Pricing',
  founded_year: 'Founded',
  headquarters: 'Headquarters',
  team_size: 'Team size',
  company_name: 'Company name',
  logo_url: 'Logo',
  contact_email: 'Contact email',
  faqs: 'FAQs',
  founders: 'Founders',
  company_socials: 'Company links',
  founder_socials: "Primary founder's links",
  story: 'Founder story',
  milestones: 'Milestones',
  competitor_url: 'Main competitor',
  seo: 'Search engines (SEO)',
};

/** The fields named by form error paths ("contact_email", "milestones.0.url"), in words: "Contact email and Milestones". */
export function fieldsInWords(paths: string[]): string {
  const labels = [
    ...new Set(
      paths.map((p) => {
        const head = p.replace(/^fields\./, '').split('.')[0]; // update_draft's profile fields travel in `fields`
        return head in FIELD_LABELS ? FIELD_LABELS[head as DraftFieldName] : head.replace(/_/g, ' ');
      }),
    ),
  ];
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
