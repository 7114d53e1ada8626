// Applies the evidence guard to every field a drafter proposes. What survives is what the site
// says; the rest becomes not_found (an absent value) and is reported as `refused` with the reason.
import { platformOf } from '@/lib/crawl/socials';
import { CUES } from './drafters/categories';
import { checkDate } from './evidence-dates';
import {
  checkName,
  checkPhrase,
  checkProse,
  foundQuotes,
  normalize,
  OK,
  quoteTokens,
  refuse,
  tokenIn,
  urlKey,
  type Check,
  type Corpus,
} from './evidence';
import { tokenize } from './evidence-tokens';
import type {
  DraftFaq,
  DraftFounder,
  DraftMilestone,
  DraftSeo,
  DraftStory,
  Evidence,
  Proposal,
  Proposals,
  Refusal,
  SocialLinks,
} from './types';
import { PLATFORMS } from './types';

type Ctx = { corpus: Corpus; categories: string[]; now: Date };
type Out<T> = Proposal<T> | undefined;

const refused = <T>(value: unknown, reason: string): Proposal<T> => ({
  value: null,
  evidence: [],
  refused: { value, reason },
});
const NO_QUOTES = 'None of its quotes is on the site.';

/** The page a URL value appears on (as a link, image or address), as evidence. */
function urlEvidence(
  corpus: Corpus,
  url: string | null | undefined,
  where: 'urls' | 'images' = 'urls',
): Evidence | null {
  if (!url) return null;
  for (const [page, data] of corpus) if (data[where].has(urlKey(url))) return { quote: url, url: page };
  return null;
}

function textField(p: Out<string>, ctx: Ctx, check: (v: string, quotes: string[]) => Check): Out<string> {
  if (!p || typeof p.value !== 'string' || !p.value.trim()) return undefined;
  const value = p.value.trim();
  const ev = foundQuotes(ctx.corpus, p.evidence);
  if (!ev.length) return refused(value, NO_QUOTES);
  const c = check(
    value,
    ev.map((e) => e.quote),
  );
  return c.ok ? { value, evidence: ev } : refused(value, c.reason);
}

function email(value: string, quotes: string[]): Check {
  const [t] = tokenize(value);
  if (!t || t.kind !== 'email' || tokenize(value).length !== 1) return refuse(`'${value}' is not an e-mail address.`);
  return tokenIn(t, quoteTokens(quotes)) ? OK : refuse(`'${value}' is not on the site.`);
}

function socials(
  links: SocialLinks | null | undefined,
  ctx: Ctx,
): { value: SocialLinks; evidence: Evidence[]; refused: string[] } {
  const value: SocialLinks = {};
  const evidence: Evidence[] = [];
  const out: string[] = [];
  for (const [platform, link] of Object.entries(links ?? {})) {
    if (!(PLATFORMS as readonly string[]).includes(platform) || typeof link !== 'string' || !link) continue;
    const expected = platformOf(link);
    const ev =
      platform === 'website' || platform === 'custom' || expected === platform ? urlEvidence(ctx.corpus, link) : null;
    if (!ev) {
      out.push(link);
      continue;
    }
    value[platform as keyof SocialLinks] = link;
    evidence.push(ev);
  }
  return { value, evidence, refused: out };
}

/** Kept items as the value; the refused ones with their reasons. */
function listResult<T>(kept: T[], bad: { item: unknown; reason: string }[], evidence?: Evidence[]): Out<T[]> {
  const refusal: Refusal | undefined = bad.length
    ? { value: bad.map((b) => b.item), reason: bad.map((b) => b.reason).join(' ') }
    : undefined;
  if (kept.length)
    return {
      value: kept,
      evidence: evidence ?? kept.flatMap((k) => (k as { evidence?: Evidence[] }).evidence ?? []),
      ...(refusal ? { refused: refusal } : {}),
    };
  return refusal ? { value: null, evidence: [], refused: refusal } : undefined;
}

function faqs(p: Out<DraftFaq[]>, ctx: Ctx): Out<DraftFaq[]> {
  const kept: DraftFaq[] = [];
  const bad: { item: unknown; reason: string }[] = [];
  for (const f of p?.value ?? []) {
    const ev = foundQuotes(ctx.corpus, f.evidence);
    const quotes = ev.map((e) => e.quote);
    const c = !ev.length
      ? refuse(NO_QUOTES)
      : ([checkProse(f.question, quotes), checkProse(f.answer, quotes)].find((x) => !x.ok) ?? OK);
    if (c.ok && kept.length < 5) kept.push({ question: f.question, answer: f.answer, evidence: ev });
    else if (!c.ok)
      bad.push({ item: { question: f.question, answer: f.answer }, reason: `'${f.question}': ${c.reason}` });
  }
  return listResult(kept, bad);
}

function founders(p: Out<DraftFounder[]>, ctx: Ctx): Out<DraftFounder[]> {
  const kept: DraftFounder[] = [];
  const bad: { item: unknown; reason: string }[] = [];
  for (const f of p?.value ?? []) {
    const ev = foundQuotes(ctx.corpus, f.evidence);
    const quotes = ev.map((e) => e.quote);
    const c = !f.name ? refuse('No name.') : !ev.length ? refuse(NO_QUOTES) : checkName(f.name, quotes);
    if (!c.ok) {
      bad.push({ item: { name: f.name, role: f.role, bio: f.bio }, reason: `${f.name}: ${c.reason}` });
      continue;
    }
    const part = (v: string | null, label: string) => {
      if (!v) return null;
      const r = checkProse(v, quotes);
      if (!r.ok) bad.push({ item: { name: f.name, [label]: v }, reason: `${f.name}'s ${label}: ${r.reason}` });
      return r.ok ? v : null;
    };
    const photo = urlEvidence(ctx.corpus, f.photo_url, 'images');
    if (f.photo_url && !photo)
      bad.push({
        item: { name: f.name, photo_url: f.photo_url },
        reason: `${f.name}'s photo: '${f.photo_url}' is not an image on the site.`,
      });
    const s = socials(f.socials, ctx);
    kept.push({
      name: f.name,
      role: part(f.role, 'role'),
      bio: part(f.bio, 'bio'),
      photo_url: photo ? f.photo_url : null,
      socials: s.value,
      evidence: photo ? [...ev, photo] : ev,
      founder_profile_id: null,
    });
  }
  return listResult(kept, bad);
}

function story(p: Out<DraftStory>, ctx: Ctx): Out<DraftStory> {
  const entries = Object.entries(p?.value ?? {}).filter(([, v]) => typeof v === 'string' && v.trim()) as [
    keyof DraftStory,
    string,
  ][];
  if (!entries.length) return undefined;
  const ev = foundQuotes(ctx.corpus, p?.evidence);
  const quotes = ev.map((e) => e.quote);
  const value: DraftStory = {};
  const bad: DraftStory = {};
  const reasons: string[] = [];
  for (const [k, v] of entries) {
    const c = ev.length ? checkProse(v, quotes) : refuse(NO_QUOTES);
    if (c.ok) value[k] = v.trim();
    else {
      bad[k] = v;
      reasons.push(c.reason);
    }
  }
  const refusal = reasons.length ? { refused: { value: bad, reason: [...new Set(reasons)].join(' ') } } : {};
  return Object.keys(value).length ? { value, evidence: ev, ...refusal } : { value: null, evidence: [], ...refusal };
}

function milestones(p: Out<DraftMilestone[]>, ctx: Ctx): Out<DraftMilestone[]> {
  const ev = foundQuotes(ctx.corpus, p?.evidence);
  const quotes = ev.map((e) => e.quote);
  const kept: DraftMilestone[] = [];
  const bad: { item: unknown; reason: string }[] = [];
  for (const m of p?.value ?? []) {
    const url =
      m.url && (!m.url.startsWith('https://') || !urlEvidence(ctx.corpus, m.url))
        ? refuse(`'${m.url}' is not a link on the site.`)
        : OK;
    const c = !ev.length
      ? refuse(NO_QUOTES)
      : ([
          checkDate(m.date, quotes),
          checkProse(m.title, quotes),
          ...(m.description ? [checkProse(m.description, quotes)] : []),
          url,
        ].find((x) => !x.ok) ?? OK);
    if (c.ok) kept.push(m);
    else bad.push({ item: m, reason: `'${m.title}': ${c.reason}` });
  }
  return listResult(kept, bad, ev);
}

const ALTERNATIVE =
  /\b(alternatives?|competitors?|compared (?:to|with)|compare|vs\.?|versus|instead of|switch(?:ing)? from|migrat\w* from|unlike|replaces?|replacement for|konkurrent\w*|wettbewerber\w*|vergleich\w*|statt|anstatt|anstelle|im gegensatz zu|wechsel\w* von|ersetzt)(?![\p{L}])/iu;

function competitor(p: Out<string>, ctx: Ctx): Out<string> {
  const url = p?.value?.trim();
  if (!url) return undefined;
  const links = [...ctx.corpus.values()].flatMap((d) => d.links.filter((l) => l.href === urlKey(url)));
  if (!links.length && !urlEvidence(ctx.corpus, url)) return refused(url, `'${url}' is not a link on the site.`);
  const label = (() => {
    try {
      return new URL(url).hostname.replace(/^www\./, '').split('.')[0];
    } catch {
      return '';
    }
  })();
  const names = [...new Set([...links.map((l) => l.text).filter((t) => t && t.length <= 60), label].filter(Boolean))];
  const ev = foundQuotes(ctx.corpus, p?.evidence).filter(
    (e) => ALTERNATIVE.test(normalize(e.quote)) && names.some((n) => checkName(n, [e.quote]).ok),
  );
  if (!ev.length) return refused(url, `No quote names '${names[0] ?? url}' as an alternative or competitor.`);
  return { value: url, evidence: [...ev, { quote: url, url: ev[0].url }] };
}

function categories(p: Out<string[]>, ctx: Ctx): Out<string[]> {
  const proposed = (p?.value ?? []).map(String).filter(Boolean);
  if (!proposed.length) return undefined;
  const ev = foundQuotes(ctx.corpus, p?.evidence);
  const kept: string[] = [];
  const used: Evidence[] = [];
  const bad: { item: unknown; reason: string }[] = [];
  for (const c of proposed) {
    const name = ctx.categories.find((k) => k.toLowerCase() === c.toLowerCase());
    if (!name) {
      bad.push({ item: c, reason: `'${c}' is not a category of the directory.` });
      continue;
    }
    const words = [name, ...(CUES[name] ?? [])].map((w) => w.trim()).filter(Boolean);
    const hit = ev.find((e) => words.some((w) => checkPhrase(w, [e.quote]).ok));
    if (!hit) bad.push({ item: name, reason: `No quote names the category '${name}' or a synonym.` });
    else if (!kept.includes(name)) {
      kept.push(name);
      if (!used.includes(hit)) used.push(hit);
    }
  }
  return listResult(kept.slice(0, 3), bad, used);
}

function seo(p: Out<DraftSeo>, ctx: Ctx): Out<DraftSeo> {
  if (!p?.value) return undefined;
  const ev = foundQuotes(ctx.corpus, p.evidence);
  const quotes = ev.map((e) => e.quote);
  const s = p.value;
  const value: DraftSeo = {};
  const bad: DraftSeo = {};
  const reasons: string[] = [];
  const take = (key: 'title' | 'description', v: string | undefined) => {
    if (!v) return;
    const c = ev.length ? checkProse(v, quotes) : refuse(NO_QUOTES);
    if (c.ok) value[key] = v;
    else {
      bad[key] = v;
      reasons.push(c.reason);
    }
  };
  take('title', s.title);
  take('description', s.description);
  for (const k of s.keywords ?? []) {
    const c = ev.length ? checkPhrase(k, quotes) : refuse(NO_QUOTES);
    if (c.ok) (value.keywords ??= []).push(k);
    else {
      (bad.keywords ??= []).push(k);
      reasons.push(c.reason);
    }
  }
  const refusal = reasons.length ? { refused: { value: bad, reason: [...new Set(reasons)].join(' ') } } : {};
  if (Object.keys(value).length) return { value, evidence: ev, ...refusal };
  return reasons.length ? { value: null, evidence: [], ...refusal } : undefined;
}

const FOUNDED =
  /\b(founded|founding|established|est\.|started|since|launched|born|incorporated|gegründet|gründung|gegr\.|seit|gestartet)(?![\p{L}])/iu;

function foundedYear(p: Out<number>, ctx: Ctx): Out<number> {
  const year = p?.value;
  if (year === null || year === undefined) return undefined;
  if (typeof year !== 'number' || year < 1800 || year > ctx.now.getUTCFullYear() + 1)
    return refused(year, `${year} is not a possible founding year.`);
  const ev = foundQuotes(ctx.corpus, p!.evidence);
  if (!ev.length) return refused(year, NO_QUOTES);
  const [t] = tokenize(String(year));
  const withYear = ev.filter((e) => tokenIn(t, tokenize(e.quote)));
  if (!withYear.length)
    return refused(
      year,
      checkProse(
        String(year),
        ev.map((e) => e.quote),
      ).ok
        ? `No quote says it was founded in ${year}.`
        : (
            checkProse(
              String(year),
              ev.map((e) => e.quote),
            ) as { reason: string }
          ).reason,
    );
  const founded = withYear.filter((e) => FOUNDED.test(e.quote));
  return founded.length
    ? { value: year, evidence: founded }
    : refused(year, `No quote says it was founded in ${year}.`);
}

function urlField(p: Out<string>, ctx: Ctx, where: 'images'): Out<string> {
  const url = p?.value?.trim();
  if (!url) return undefined;
  const ev = urlEvidence(ctx.corpus, url, where);
  if (ev) return { value: url, evidence: [ev] };
  return refused(
    url,
    urlEvidence(ctx.corpus, url)
      ? `'${url}' is a link on the site, not an image.`
      : `'${url}' is not an image on the site.`,
  );
}

export function guardProposals(p: Proposals, ctx: Ctx): Proposals {
  const out: Proposals = {};
  for (const name of ['headline', 'summary', 'description', 'pricing', 'headquarters', 'team_size'] as const)
    out[name] = textField(p[name], ctx, checkProse);
  out.name = textField(p.name, ctx, checkName);
  out.company_name = textField(p.company_name, ctx, checkName);
  out.contact_email = textField(p.contact_email, ctx, email);
  out.founded_year = foundedYear(p.founded_year, ctx);
  out.logo_url = urlField(p.logo_url, ctx, 'images');
  out.categories = categories(p.categories, ctx);
  out.faqs = faqs(p.faqs, ctx);
  out.founders = founders(p.founders, ctx);
  for (const key of ['company_socials', 'founder_socials'] as const) {
    const s = socials(p[key]?.value, ctx);
    const refusal = s.refused.length
      ? { refused: { value: s.refused, reason: s.refused.map((l) => `'${l}' is not a link on the site.`).join(' ') } }
      : {};
    if (Object.keys(s.value).length) out[key] = { value: s.value, evidence: s.evidence, ...refusal };
    else if (s.refused.length) out[key] = { value: null, evidence: [], ...refusal };
  }
  out.story = story(p.story, ctx);
  out.milestones = milestones(p.milestones, ctx);
  out.competitor_url = competitor(p.competitor_url, ctx);
  out.seo = seo(p.seo, ctx);
  for (const k of Object.keys(out) as (keyof Proposals)[]) if (out[k] === undefined) delete out[k];
  return out;
}
