// Applies the evidence guard to every field a drafter proposes. What survives is what the site
// says; the rest becomes not_found (an absent proposal).
import { platformOf } from '@/lib/crawl/socials';
import { foundQuotes, normalize, supports, type Corpus } from './evidence';
import type { DraftFaq, DraftFounder, DraftMilestone, DraftStory, Evidence, Proposal, Proposals, SocialLinks } from './types';
import { PLATFORMS } from './types';

type Ctx = { corpus: Corpus; categories: string[]; now: Date };

/** The page a URL value appears on, as evidence; null when no fetched page has it. */
function urlEvidence(corpus: Corpus, url: string | null | undefined): Evidence | null {
  if (!url) return null;
  for (const [page, data] of corpus) {
    const key = url.replace(/\/$/, '');
    if (data.urls.has(key) || data.urls.has(url)) return { quote: url, url: page };
  }
  return null;
}

function text(p: Proposal<string> | undefined, ctx: Ctx): Proposal<string> | undefined {
  if (!p || typeof p.value !== 'string' || !p.value.trim()) return undefined;
  const ev = foundQuotes(ctx.corpus, p.evidence);
  return ev.length && supports(p.value, ev.map((e) => e.quote)) ? { value: p.value.trim(), evidence: ev } : undefined;
}

function socials(links: SocialLinks | null | undefined, ctx: Ctx): { value: SocialLinks; evidence: Evidence[] } {
  const value: SocialLinks = {};
  const evidence: Evidence[] = [];
  for (const [platform, link] of Object.entries(links ?? {})) {
    if (!(PLATFORMS as readonly string[]).includes(platform) || typeof link !== 'string') continue;
    const expected = platformOf(link);
    if (platform !== 'website' && platform !== 'custom' && expected !== platform) continue;
    const ev = urlEvidence(ctx.corpus, link);
    if (!ev) continue;
    value[platform as keyof SocialLinks] = link;
    evidence.push(ev);
  }
  return { value, evidence };
}

function faqs(p: Proposal<DraftFaq[]> | undefined, ctx: Ctx): Proposal<DraftFaq[]> | undefined {
  const kept: DraftFaq[] = [];
  for (const f of p?.value ?? []) {
    const ev = foundQuotes(ctx.corpus, f.evidence);
    const quotes = ev.map((e) => e.quote);
    if (ev.length && supports(f.question, quotes) && supports(f.answer, quotes)) kept.push({ question: f.question, answer: f.answer, evidence: ev });
    if (kept.length === 5) break;
  }
  return kept.length ? { value: kept, evidence: kept.flatMap((f) => f.evidence) } : undefined;
}

function founders(p: Proposal<DraftFounder[]> | undefined, ctx: Ctx): Proposal<DraftFounder[]> | undefined {
  const kept: DraftFounder[] = [];
  for (const f of p?.value ?? []) {
    const ev = foundQuotes(ctx.corpus, f.evidence);
    const quotes = ev.map((e) => e.quote);
    if (!ev.length || !f.name || !supports(f.name, quotes)) continue;
    const photo = urlEvidence(ctx.corpus, f.photo_url);
    kept.push({
      name: f.name,
      role: f.role && supports(f.role, quotes) ? f.role : null,
      bio: f.bio && supports(f.bio, quotes) ? f.bio : null,
      photo_url: photo ? f.photo_url : null,
      socials: socials(f.socials, ctx).value,
      evidence: photo ? [...ev, photo] : ev,
      founder_profile_id: null,
    });
  }
  return kept.length ? { value: kept, evidence: kept.flatMap((f) => f.evidence) } : undefined;
}

function story(p: Proposal<DraftStory> | undefined, ctx: Ctx): Proposal<DraftStory> | undefined {
  const ev = foundQuotes(ctx.corpus, p?.evidence);
  const quotes = ev.map((e) => e.quote);
  const value: DraftStory = {};
  for (const [k, v] of Object.entries(p?.value ?? {})) if (typeof v === 'string' && v.trim() && supports(v, quotes)) value[k as keyof DraftStory] = v.trim();
  return Object.keys(value).length ? { value, evidence: ev } : undefined;
}

function milestones(p: Proposal<DraftMilestone[]> | undefined, ctx: Ctx): Proposal<DraftMilestone[]> | undefined {
  const ev = foundQuotes(ctx.corpus, p?.evidence);
  const quotes = ev.map((e) => e.quote);
  const kept = (p?.value ?? []).filter(
    (m) => /^\d{4}-\d{2}-\d{2}$/.test(m.date) && supports(m.title, quotes) && quotes.some((q) => normalize(q).includes(m.date.slice(0, 4))) && (!m.url || (m.url.startsWith('https://') && urlEvidence(ctx.corpus, m.url))),
  );
  return kept.length ? { value: kept, evidence: ev } : undefined;
}

export function guardProposals(p: Proposals, ctx: Ctx): Proposals {
  const out: Proposals = {};
  for (const name of ['name', 'headline', 'summary', 'description', 'pricing', 'headquarters', 'team_size', 'company_name', 'contact_email'] as const) {
    out[name] = text(p[name], ctx);
  }
  const year = p.founded_year;
  if (year && typeof year.value === 'number' && year.value >= 1800 && year.value <= ctx.now.getUTCFullYear() + 1) {
    const ev = foundQuotes(ctx.corpus, year.evidence);
    if (ev.length && supports(String(year.value), ev.map((e) => e.quote))) out.founded_year = { value: year.value, evidence: ev };
  }
  const logo = p.logo_url?.value ? urlEvidence(ctx.corpus, p.logo_url.value) : null;
  if (logo) out.logo_url = { value: p.logo_url!.value, evidence: [logo] };
  const cats = (p.categories?.value ?? []).map((c) => ctx.categories.find((k) => k.toLowerCase() === String(c).toLowerCase())).filter((c): c is string => !!c);
  const catEv = foundQuotes(ctx.corpus, p.categories?.evidence);
  if (cats.length && catEv.length) out.categories = { value: [...new Set(cats)].slice(0, 3), evidence: catEv };
  out.faqs = faqs(p.faqs, ctx);
  out.founders = founders(p.founders, ctx);
  for (const key of ['company_socials', 'founder_socials'] as const) {
    const s = socials(p[key]?.value, ctx);
    if (Object.keys(s.value).length) out[key] = s;
  }
  out.story = story(p.story, ctx);
  out.milestones = milestones(p.milestones, ctx);
  const competitor = p.competitor_url?.value ? urlEvidence(ctx.corpus, p.competitor_url.value) : null;
  if (competitor) out.competitor_url = { value: p.competitor_url!.value, evidence: [competitor] };
  if (p.seo?.value) {
    const ev = foundQuotes(ctx.corpus, p.seo.evidence);
    const quotes = ev.map((e) => e.quote);
    const s = p.seo.value;
    const seo = {
      ...(s.title && supports(s.title, quotes) ? { title: s.title } : {}),
      ...(s.description && supports(s.description, quotes) ? { description: s.description } : {}),
      ...(s.keywords?.length ? { keywords: s.keywords.filter((k) => quotes.some((q) => normalize(q).includes(normalize(k)))) } : {}),
    };
    if (!seo.keywords?.length) delete seo.keywords;
    if (Object.keys(seo).length) out.seo = { value: seo, evidence: ev };
  }
  for (const k of Object.keys(out) as (keyof Proposals)[]) if (out[k] === undefined) delete out[k];
  return out;
}
