// The AI drafter: `ai` + `@ai-sdk/openai` (any OpenAI-compatible server via OPENAI_BASE_URL).
// Its output has the same shape as the deterministic drafter's and goes through the same guard.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, Output, type LanguageModel } from 'ai';
import type { Drafter, SiteData } from '@/lib/drafts/drafters/site-data';
import type { Proposals, SocialLinks } from '@/lib/drafts/types';
import { aiDraftSchema, type AiDraft } from './draft-schema';
import { buildPrompt, SYSTEM_PROMPT } from './prompt';

export function openAiModel(): LanguageModel | null {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return null;
  const provider = createOpenAI({ apiKey, baseURL: process.env.OPENAI_BASE_URL || undefined });
  return provider.chat(process.env.OPENAI_MODEL || 'gpt-4o-mini');
}

const links = (s: Record<string, string | null>): SocialLinks =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => !!v)) as SocialLinks;
function nonNull<T extends Record<string, string | null>>(o: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== '')) as { [K in keyof T]?: string };
}

export function toProposals(d: AiDraft): Proposals {
  const s = (f: { value: string | null; evidence: { quote: string; url: string }[] }) =>
    f.value ? { value: f.value, evidence: f.evidence } : undefined;
  return {
    name: s(d.name),
    headline: s(d.headline),
    summary: s(d.summary),
    description: s(d.description),
    pricing: s(d.pricing),
    headquarters: s(d.headquarters),
    team_size: s(d.team_size),
    company_name: s(d.company_name),
    contact_email: s(d.contact_email),
    logo_url: s(d.logo_url),
    competitor_url: s(d.competitor_url),
    founded_year: d.founded_year.value ? { value: d.founded_year.value, evidence: d.founded_year.evidence } : undefined,
    categories: { value: d.categories.value, evidence: d.categories.evidence },
    faqs: { value: d.faqs.slice(0, 5), evidence: d.faqs.flatMap((f) => f.evidence) },
    founders: {
      value: d.founders.map((f) => ({ ...f, socials: links(f.socials), founder_profile_id: null })),
      evidence: d.founders.flatMap((f) => f.evidence),
    },
    company_socials: { value: links(d.company_socials), evidence: [] },
    founder_socials: d.founders[0] ? { value: links(d.founders[0].socials), evidence: [] } : undefined,
    story: { value: nonNull(d.story.value), evidence: d.story.evidence },
    milestones: { value: d.milestones.value, evidence: d.milestones.evidence },
    seo: {
      value: {
        ...nonNull({ title: d.seo.value.title, description: d.seo.value.description }),
        keywords: d.seo.value.keywords,
      },
      evidence: d.seo.evidence,
    },
  };
}

export function createAiDrafter(model: LanguageModel): Drafter {
  return {
    name: 'ai',
    async draft(site: SiteData) {
      const { output } = await generateText({
        model,
        system: SYSTEM_PROMPT,
        prompt: buildPrompt(site),
        output: Output.object({ schema: aiDraftSchema }),
        temperature: 0,
        maxRetries: 2,
      });
      return toProposals(output);
    },
  };
}
