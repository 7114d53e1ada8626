// The default drafter: no model, just the site's own words. Every value is a quote (or built from
// quotes) of a fetched page, so the evidence guard keeps what is really there.
import { isPersonalProfile, platformOf } from '@/lib/crawl/socials';
import { isType, ldString } from '@/lib/crawl/jsonld';
import { withoutInstructions } from '@/lib/crawl/extract-page';
import type { DraftFaq, DraftFounder, DraftMilestone, Evidence, Proposals, SocialLinks } from '../types';
import { findLine, lineWith, type Drafter, type SiteData, type SitePage } from './site-data';
import { pickCategories } from './categories';
import { checkDate } from '../evidence-dates';

const quoteOf = (page: SitePage, needle: string): Evidence | null => {
  const line = lineWith(page.text, needle);
  return line ? { quote: line, url: page.url } : null;
};

function home(site: SiteData): SitePage {
  return site.pages.find((p) => p.kind === 'home') ?? site.pages[0];
}

function orgNodes(site: SiteData) {
  return site.pages.flatMap((p) =>
    p.jsonld
      .filter((n) =>
        isType(n, 'Organization', 'Corporation', 'SoftwareApplication', 'WebApplication', 'Product', 'WebSite'),
      )
      .map((n) => ({ n, p })),
  );
}

function nameOf(site: SiteData): { value: string; evidence: Evidence[] } | null {
  const h = home(site);
  const candidates = [
    ...orgNodes(site)
      .filter(({ n }) => isType(n, 'SoftwareApplication', 'WebApplication', 'Product'))
      .map(({ n }) => ldString(n.name)),
    h.meta.ogSiteName,
    ...orgNodes(site).map(({ n }) => ldString(n.name)),
    ...(h.title ?? '').split(/\s+[|–—:·-]\s+/).slice(0, 1),
    h.headings.find((x) => x.level === 1)?.text,
  ].filter((x): x is string => !!x && x.length <= 60);
  for (const c of candidates) {
    const ev = quoteOf(h, c);
    if (ev) return { value: c, evidence: [ev] };
  }
  return null;
}

function textField(page: SitePage, value: string | null | undefined, max: number) {
  if (!value || value.length > max) return undefined;
  const ev = quoteOf(page, value);
  return ev ? { value, evidence: [ev] } : undefined;
}

function headline(site: SiteData, name: string | null) {
  const h = home(site);
  const fromTitle = h.title?.split(/\s+[|–—:·-]\s+/).find((part) => part !== name && part.length >= 12);
  const h1 = h.headings.find((x) => x.level === 1)?.text;
  for (const c of [
    h.meta.ogTitle !== name ? h.meta.ogTitle : null,
    h1 !== name ? h1 : null,
    fromTitle,
    h.headings.find((x) => x.level === 2)?.text,
  ]) {
    const f = textField(h, c, 140);
    if (f && f.value.length >= 8) return f;
  }
  return undefined;
}

function summary(site: SiteData) {
  const h = home(site);
  for (const c of [h.meta.description, h.meta.ogDescription, h.paragraphs[0]]) {
    const f = textField(h, c, 600);
    if (f) return f;
  }
  return undefined;
}

function description(site: SiteData) {
  const pages = [...site.pages.filter((p) => p.kind === 'about'), home(site)];
  // Paragraphs addressed to an AI are not in the evidence corpus: never draft from them.
  const paras = pages
    .flatMap((p) =>
      p.paragraphs
        .filter((x) => x.length >= 60 && withoutInstructions(x) === x)
        .slice(0, 3)
        .map((x) => ({ x, p })),
    )
    .slice(0, 3);
  if (!paras.length) return undefined;
  return { value: paras.map(({ x }) => x).join('\n\n'), evidence: paras.map(({ x, p }) => ({ quote: x, url: p.url })) };
}

function pricing(site: SiteData) {
  const pages = site.pages.filter((p) => p.kind === 'pricing').concat(home(site));
  const lines: Evidence[] = [];
  for (const p of pages) {
    for (const line of p.text.split('\n')) {
      if (
        line.length >= 8 &&
        line.length <= 120 &&
        /\s/.test(line) &&
        /([$€£]\s?\d|\d\s?(usd|eur|€)|\bfree\b|\bkostenlos\b|per (month|year|user|seat)|pro (monat|jahr|nutzer)|\/\s?(mo|month|yr|year|monat))/i.test(
          line,
        ) &&
        !lines.some((l) => l.quote === line)
      )
        lines.push({ quote: line, url: p.url });
      if (lines.length === 4) break;
    }
    if (lines.length) break;
  }
  return lines.length ? { value: lines.map((l) => l.quote).join('; '), evidence: lines } : undefined;
}

function regexField(site: SiteData, re: RegExp, group: number) {
  const hit = findLine(site, re, ['about', 'home', 'team', 'contact', 'other', 'blog', 'pricing', 'faq']);
  return hit
    ? { value: hit.match[group].trim().replace(/[.,;]$/, ''), evidence: [{ quote: hit.line, url: hit.url }] }
    : undefined;
}

function foundedYear(site: SiteData) {
  const f =
    regexField(
      site,
      /\b(?:founded|established|started|since|launched|born|gegründet|seit)\b[^.\n]{0,30}?\b((?:18|19|20)\d{2})\b/i,
      1,
    ) ?? regexField(site, /\b((?:18|19|20)\d{2})\b[^.\n]{0,60}?\bgegründet\b/i, 1);
  return f ? { value: Number(f.value), evidence: f.evidence } : undefined;
}

function contactEmail(site: SiteData) {
  const host = new URL(site.url).hostname.replace(/^www\./, '');
  const all = site.pages.flatMap((p) => p.emails.map((e) => ({ e, p })));
  const ranked = all.sort(
    (a, b) =>
      Number(b.e.endsWith(host)) - Number(a.e.endsWith(host)) ||
      Number(/^(hello|hi|contact|support|team|info)@/.test(b.e)) -
        Number(/^(hello|hi|contact|support|team|info)@/.test(a.e)),
  );
  for (const { e, p } of ranked) {
    const ev = quoteOf(p, e) ?? (p.urls.includes(`mailto:${e}`) ? { quote: `mailto:${e}`, url: p.url } : null);
    if (ev) return { value: e, evidence: [ev] };
  }
  return undefined;
}

function logo(site: SiteData) {
  for (const { n, p } of orgNodes(site)) {
    const src = ldString(n.logo);
    if (src)
      return {
        value: new URL(src, p.url).toString(),
        evidence: [{ quote: new URL(src, p.url).toString(), url: p.url }],
      };
  }
  const h = home(site);
  const img = h.images.find((i) => i.hint.includes('logo')) ?? null;
  const src = img?.src ?? h.icons.find((i) => /apple-touch|\.png|\.svg/i.test(i)) ?? null;
  return src ? { value: src, evidence: [{ quote: src, url: h.url }] } : undefined;
}

function companySocials(site: SiteData) {
  const value: SocialLinks = {};
  for (const p of [home(site), ...site.pages]) {
    for (const href of [
      ...p.links.map((l) => l.href),
      ...p.jsonld.flatMap((n) => (Array.isArray(n.sameAs) ? n.sameAs : [n.sameAs]).map(ldString)),
    ]) {
      if (!href) continue;
      const platform = platformOf(href);
      if (
        platform &&
        !value[platform] &&
        !isPersonalProfile(href) &&
        !p.people.some((x) => Object.values(x.socials).includes(href))
      )
        value[platform] = href;
    }
  }
  return Object.keys(value).length ? { value, evidence: [] } : undefined;
}

function founders(site: SiteData): { value: DraftFounder[]; evidence: Evidence[] } | undefined {
  const out: DraftFounder[] = [];
  for (const p of ['team', 'about', 'home', 'other'].flatMap((k) => site.pages.filter((x) => x.kind === k))) {
    for (const person of p.people) {
      if (out.some((f) => f.name === person.name)) continue;
      const nameEv = quoteOf(p, person.name);
      if (!nameEv) continue;
      const evidence = [nameEv];
      for (const extra of [person.role, person.bio]) {
        const ev = extra ? quoteOf(p, extra) : null;
        if (ev && !evidence.some((e) => e.quote === ev.quote)) evidence.push(ev);
      }
      out.push({
        name: person.name,
        role: person.role,
        photo_url: person.photo,
        bio: person.bio,
        socials: person.socials,
        evidence,
        founder_profile_id: null,
      });
    }
  }
  const isFounder = (f: DraftFounder) => /founder|ceo|owner/i.test(f.role ?? '');
  const list = out
    .filter((f) => isFounder(f) || /cto|chief|president/i.test(f.role ?? ''))
    .sort((a, b) => Number(isFounder(b)) - Number(isFounder(a)))
    .slice(0, 6);
  return list.length ? { value: list, evidence: list.flatMap((f) => f.evidence) } : undefined;
}

function faqs(site: SiteData) {
  const out: DraftFaq[] = [];
  for (const p of ['faq', 'pricing', 'home', 'about', 'other'].flatMap((k) => site.pages.filter((x) => x.kind === k))) {
    for (const f of p.faqs) {
      if (out.length >= 5 || out.some((x) => x.question === f.question)) continue;
      const q = quoteOf(p, f.question);
      const a = quoteOf(p, f.answer.slice(0, 200));
      if (q && a) out.push({ question: f.question, answer: f.answer, evidence: q.quote === a.quote ? [q] : [q, a] });
    }
  }
  return out.length ? { value: out, evidence: out.flatMap((f) => f.evidence) } : undefined;
}

function story(site: SiteData) {
  const hit = findLine(
    site,
    /\b(?:(we|i) (started|founded|built|created|began)\b|(wir|ich) (haben|habe) )[^\n]{20,}/i,
    ['about', 'team', 'home'],
  );
  return hit ? { value: { how_started: hit.line }, evidence: [{ quote: hit.line, url: hit.url }] } : undefined;
}

function milestones(site: SiteData) {
  const list: DraftMilestone[] = [];
  const evidence: Evidence[] = [];
  for (const p of site.pages.filter((x) => x.kind === 'blog' || x.kind === 'about')) {
    for (const t of p.times) {
      if (
        !/\b(launch|launched|released|raised|reached|crossed|introduc|announc|1\.0|funding|milestone)|veröffentlicht|gestartet|abgeschlossen|finanzierung|erreicht/i.test(
          t.title,
        )
      )
        continue;
      const ev = quoteOf(p, t.title);
      const date = t.datetime.slice(0, 10);
      if (ev && list.length < 10 && !list.some((m) => m.title === t.title)) {
        // The line that writes this date (the full date, or its month and year for a first of the month).
        const line = p.text.split('\n').find((l) => l.length <= 300 && checkDate(date, [l]).ok);
        const year = line ? { quote: line, url: p.url } : null;
        if (!year) continue;
        list.push({ date, title: t.title, description: null, url: null });
        evidence.push(ev, year);
      }
    }
  }
  return list.length ? { value: list, evidence } : undefined;
}

/** At most `max` characters, cut at a word boundary (a cut word would not be the site's word). */
const cut = (s: string, max: number) => (s.length <= max ? s : s.slice(0, max + 1).replace(/\s+\S*$/, ''));

export const deterministicDrafter: Drafter = {
  name: 'deterministic',
  async draft(site) {
    const name = nameOf(site);
    const h = headline(site, name?.value ?? null);
    const s = summary(site);
    const socials = companySocials(site);
    const f = founders(site);
    const p: Proposals = {
      name: name ?? undefined,
      headline: h,
      summary: s,
      description: description(site),
      categories: pickCategories(site),
      pricing: pricing(site),
      founded_year: foundedYear(site),
      headquarters: regexField(
        site,
        /\b(?:based in|headquartered in|headquarters in|offices? in|hq:?|Sitz in|Hauptsitz in)\s+(\p{Lu}[\p{L}.'-]+(?:[ -]\p{Lu}[\p{L}.'-]+)*(?:,\s*\p{Lu}[\p{L}.'-]+(?:[ -]\p{Lu}[\p{L}.'-]+)*)?)/u,
        1,
      ),
      team_size: regexField(
        site,
        /\b(?:team of|we are|we're|team von|wir sind)\s+(\d{1,5}\+?)\s+(?:people|humans|engineers|employees|folks|makers|personen|menschen|mitarbeiter\p{L}*)(?![\p{L}])/iu,
        1,
      ),
      company_name: regexField(
        site,
        /(?:©|\(c\)|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*([A-Z][\p{L}\d&.,' -]{1,60}?(?:Inc\.?|LLC|Ltd\.?|GmbH|SAS|B\.?V\.?|AB|Oy|S\.A\.|Limited|Corp\.?|Company)?)(?:\.?\s+All rights|\.?\s+Alle Rechte|\.?$)/iu,
        1,
      ),
      logo_url: logo(site),
      contact_email: contactEmail(site),
      faqs: faqs(site),
      founders: f,
      company_socials: socials,
      founder_socials:
        f?.value[0] && Object.keys(f.value[0].socials).length ? { value: f.value[0].socials, evidence: [] } : undefined,
      story: story(site),
      milestones: milestones(site),
      seo:
        h || s
          ? {
              value: { ...(h ? { title: cut(h.value, 70) } : {}), ...(s ? { description: cut(s.value, 160) } : {}) },
              evidence: [...(h?.evidence ?? []), ...(s?.evidence ?? [])],
            }
          : undefined,
    };
    return p;
  },
};
