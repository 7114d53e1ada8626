// Runs one case of the guard's case table through guardProposals on a one-page site and says
// whether the value survived (shared by guard-cases.test.ts and bench/guard.ts).
import { buildCorpus } from '../evidence';
import { guardProposals } from '../guard';
import type { Proposals } from '../types';
import type { GuardCase } from './guard-cases';

export const CASE_PAGE = 'https://site.test/';
export const CASE_CATEGORIES = [
  'Productivity',
  'Developer Tools',
  'AI',
  'Design',
  'Marketing',
  'Sales & Support',
  'Analytics',
  'Finance',
  'DevOps',
  'Security',
  'Education',
  'Health & Fitness',
  'E-commerce',
  'Media',
  'HR & Hiring',
  'Travel',
  'Lifestyle',
];

function proposalsOf(c: GuardCase): Proposals {
  const evidence = c.quotes.map((quote) => ({ quote, url: CASE_PAGE }));
  const v = c.value;
  switch (c.field) {
    case 'founded_year':
      return { founded_year: { value: v as number, evidence } };
    case 'categories':
      return { categories: { value: v as string[], evidence } };
    case 'milestone':
      return {
        milestones: { value: [{ ...(v as { date: string; title: string }), description: null, url: null }], evidence },
      };
    case 'keyword':
      return { seo: { value: { keywords: [v as string] }, evidence } };
    case 'faq':
      return { faqs: { value: [{ ...(v as { question: string; answer: string }), evidence }], evidence } };
    case 'founder':
      return {
        founders: {
          value: [
            {
              name: v as string,
              role: null,
              bio: null,
              photo_url: null,
              socials: {},
              evidence,
              founder_profile_id: null,
            },
          ],
          evidence,
        },
      };
    case 'story':
      return { story: { value: { how_started: v as string }, evidence } };
    default:
      return { [c.field]: { value: v as string, evidence } } as Proposals;
  }
}

/** The value the guard kept for the case's field (null when it was dropped). */
export function keptValue(c: GuardCase, now = new Date('2026-01-01T00:00:00Z')): unknown {
  const text = c.page ?? c.quotes.join('\n');
  const urls = [...(c.links ?? []).map((l) => l.href), ...(c.images ?? [])];
  const corpus = buildCorpus([{ url: CASE_PAGE, text, urls, images: c.images ?? [], links: c.links ?? [] }]);
  const out = guardProposals(proposalsOf(c), { corpus, categories: CASE_CATEGORIES, now });
  switch (c.field) {
    case 'categories':
      return out.categories?.value?.length ? out.categories.value : null;
    case 'milestone':
      return out.milestones?.value?.[0] ?? null;
    case 'keyword':
      return out.seo?.value?.keywords?.[0] ?? null;
    case 'faq':
      return out.faqs?.value?.[0] ?? null;
    case 'founder':
      return out.founders?.value?.[0]?.name ?? null;
    case 'story':
      return out.story?.value?.how_started ?? null;
    default:
      return (out as Record<string, { value: unknown } | undefined>)[c.field]?.value ?? null;
  }
}

export const caseKept = (c: GuardCase) => keptValue(c) !== null;
export const caseName = (c: GuardCase) => `${c.lang} ${c.class} ${c.field}: ${JSON.stringify(c.value)} → ${c.expected}`;
