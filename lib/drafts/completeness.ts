// How complete a draft is (0-100) and what is still missing, by field. Every field counts, and the
// story by its sections: 100 % means nothing is missing.
import { isBlank } from './fields';
import { STORY_SECTIONS, type DraftFieldName, type DraftStory, type StoredFields } from './types';

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
  ['competitor_url', 1, 'Add the website of a product yours is an alternative to.'],
];
const TOTAL = weights.reduce((sum, [, weight]) => sum + weight, 0);

/** The share of the founder story's sections that are written (0 to 1). */
function storyShare(story: DraftStory | null | undefined): number {
  return STORY_SECTIONS.filter((s) => !isBlank(story?.[s])).length / STORY_SECTIONS.length;
}

/** What an unfinished story lacks, its sections counted as the publishing rules count them (the title apart). */
function unfinishedStory(story: DraftStory | null | undefined): string {
  const body = STORY_SECTIONS.filter((s) => s !== 'title');
  const written = body.filter((s) => !isBlank(story?.[s])).length;
  const titled = !isBlank(story?.title);
  if (written === body.length) return 'Give the founder story a title.';
  return `Finish the founder story (${written} of ${body.length} sections written${titled ? '' : ', and a title'}).`;
}

export function completeness(fields: StoredFields): {
  completeness: number;
  missing: { field: DraftFieldName; message: string }[];
} {
  let score = 0;
  const missing: { field: DraftFieldName; message: string }[] = [];
  for (const [field, weight, message] of weights) {
    if (field === 'story') {
      const share = storyShare(fields.story?.value);
      score += weight * share;
      if (share === 0) missing.push({ field, message });
      else if (share < 1) missing.push({ field, message: unfinishedStory(fields.story?.value) });
    } else if (isBlank(fields[field]?.value)) missing.push({ field, message });
    else score += weight;
  }
  // Rounded down, so 100 % is only said when nothing is missing.
  return { completeness: missing.length ? Math.min(99, Math.floor((score / TOTAL) * 100)) : 100, missing };
}
