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
