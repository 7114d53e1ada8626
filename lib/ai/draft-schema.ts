// The structured output the AI drafter asks the model for. Every value comes with quotes; the
// evidence guard decides what survives.
import { z } from 'zod';
import { PLATFORMS, STORY_SECTIONS } from '@/lib/drafts/types';

const quote = z.object({
  quote: z.string().describe('Exact text copied from the page'),
  url: z.string().describe('The page URL the quote is from'),
});
const quotes = z.array(quote);
const str = z.object({ value: z.string().nullable(), evidence: quotes });
const socials = z.object(
  Object.fromEntries(PLATFORMS.map((p) => [p, z.string().nullable()])) as Record<
    (typeof PLATFORMS)[number],
    z.ZodNullable<z.ZodString>
  >,
);

export const aiDraftSchema = z.object({
  name: str,
  headline: str,
  summary: str,
  description: str,
  pricing: str,
  headquarters: str,
  team_size: str,
  company_name: str,
  contact_email: str,
  logo_url: str,
  competitor_url: str,
  founded_year: z.object({ value: z.number().int().nullable(), evidence: quotes }),
  categories: z.object({ value: z.array(z.string()), evidence: quotes }),
  faqs: z.array(z.object({ question: z.string(), answer: z.string(), evidence: quotes })),
  founders: z.array(
    z.object({
      name: z.string(),
      role: z.string().nullable(),
      bio: z.string().nullable(),
      photo_url: z.string().nullable(),
      socials,
      evidence: quotes,
    }),
  ),
  company_socials: socials,
  story: z.object({
    value: z.object(
      Object.fromEntries(STORY_SECTIONS.map((s) => [s, z.string().nullable()])) as Record<
        (typeof STORY_SECTIONS)[number],
        z.ZodNullable<z.ZodString>
      >,
    ),
    evidence: quotes,
  }),
  milestones: z.object({
    value: z.array(
      z.object({ date: z.string(), title: z.string(), description: z.string().nullable(), url: z.string().nullable() }),
    ),
    evidence: quotes,
  }),
  seo: z.object({
    value: z.object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      keywords: z.array(z.string()),
    }),
    evidence: quotes,
  }),
});
export type AiDraft = z.infer<typeof aiDraftSchema>;
