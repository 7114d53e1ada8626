// One fetched HTML page → the facts drafters use. Values found here are candidates only: the
// drafter quotes them from the page text, and the evidence guard checks every quote.
import * as cheerio from 'cheerio';
import { clean, removeInvisible, visibleText } from './text';
import { isType, jsonLdNodes, ldList, ldString, type LdNode } from './jsonld';
import { extractFaqs, extractPeople, type PageFaq, type PagePerson } from './extract-parts';

export type PageExtract = {
  url: string;
  title: string | null;
  meta: {
    description: string | null;
    ogTitle: string | null;
    ogDescription: string | null;
    ogSiteName: string | null;
    ogImage: string | null;
    twitterTitle: string | null;
    twitterDescription: string | null;
  };
  jsonld: LdNode[];
  links: { href: string; text: string }[];
  images: { src: string; alt: string; hint: string }[];
  icons: string[];
  headings: { level: number; text: string }[];
  paragraphs: string[];
  faqs: PageFaq[];
  people: PagePerson[];
  emails: string[];
  times: { datetime: string; title: string }[];
  /** The evidence corpus of the page: title, meta description and visible text. */
  text: string;
  /** Every link, image and icon address (evidence for URL values). */
  urls: string[];
};

function abs(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href.trim(), base);
    u.hash = '';
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.toString() : null;
  } catch {
    return null;
  }
}

// Lines addressed to an AI rather than to visitors are not facts about the product: they are
// left out of the corpus (so they are never evidence) and of the prompt.
const INSTRUCTION =
  /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(instructions?|rules|prompts?|guidelines)\b|\b(system prompt|developer mode|you are now)\b|^\s*(system|assistant)\s*:/i;
export const withoutInstructions = (text: string) =>
  text
    .split('\n')
    .filter((line) => !INSTRUCTION.test(line))
    .join('\n');

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;

export function extractPage(html: string, url: string): PageExtract {
  const $ = cheerio.load(html);
  const meta = (sel: string) => clean($(`meta[${sel}]`).attr('content')) || null;
  const jsonld = jsonLdNodes($);
  const title = clean($('title').first().text()) || null;
  const m = {
    description: meta('name="description"'),
    ogTitle: meta('property="og:title"'),
    ogDescription: meta('property="og:description"'),
    ogSiteName: meta('property="og:site_name"'),
    ogImage: abs(meta('property="og:image"') ?? undefined, url),
    twitterTitle: meta('name="twitter:title"'),
    twitterDescription: meta('name="twitter:description"'),
  };
  const icons = $('link[rel~="icon"],link[rel="apple-touch-icon"]')
    .map((_, el) => abs($(el).attr('href'), url))
    .get()
    .filter((x): x is string => !!x);

  removeInvisible($);
  const links = $('a[href]')
    .map((_, el) => ({
      href: abs($(el).attr('href'), url),
      text: clean($(el).text()) || clean($(el).attr('aria-label')),
    }))
    .get()
    .filter((l): l is { href: string; text: string } => !!l.href);
  const images = $('img[src]')
    .map((_, el) => {
      const $el = $(el);
      const hint = [
        $el.attr('alt'),
        $el.attr('class'),
        $el.attr('id'),
        $el.attr('src'),
        $el.parent().attr('class'),
        $el.closest('header').length ? 'in-header' : '',
      ].join(' ');
      return { src: abs($el.attr('src'), url), alt: clean($el.attr('alt')), hint: hint.toLowerCase() };
    })
    .get()
    .filter((i): i is { src: string; alt: string; hint: string } => !!i.src);
  const headings = $('h1,h2,h3,h4')
    .map((_, el) => ({ level: Number(el.tagName.slice(1)), text: clean($(el).text()) }))
    .get()
    .filter((h) => h.text);
  const paragraphs = [
    ...new Set(
      $('p')
        .map((_, el) => clean($(el).text()))
        .get(),
    ),
  ].filter((p) => p.length >= 30);
  const times = $('time[datetime]')
    .map((_, el) => {
      const container = $(el).closest('article,li,section');
      return { datetime: $(el).attr('datetime') ?? '', title: clean(container.find('h1,h2,h3,h4').first().text()) };
    })
    .get()
    .filter((t) => /^\d{4}-\d{2}-\d{2}/.test(t.datetime) && t.title);
  const faqs = extractFaqs($, jsonld);
  const people = extractPeople($, jsonld, url);
  const body = withoutInstructions(visibleText($));
  const alts = images.map((i) => i.alt).filter(Boolean);
  const text = [title, m.description, m.ogDescription, body, ...alts].filter(Boolean).join('\n');
  const mailtos = links
    .filter((l) => l.href.startsWith('mailto:'))
    .map((l) => decodeURIComponent(l.href.slice(7).split('?')[0]));
  const emails = [...new Set([...mailtos, ...(body.match(EMAIL) ?? [])].map((e) => e.toLowerCase()))];
  for (const n of jsonld)
    if (isType(n, 'Organization', 'Corporation', 'LocalBusiness') && typeof n.email === 'string')
      emails.push(n.email.replace(/^mailto:/, '').toLowerCase());
  const ldUrls = jsonld
    .flatMap((n) => [ldString(n.logo), ...ldList(n.sameAs).map(ldString), ldString(n.image)])
    .filter((x): x is string => !!x);
  const urls = [
    ...new Set([
      ...links.map((l) => l.href),
      ...images.map((i) => i.src),
      ...icons,
      ...(m.ogImage ? [m.ogImage] : []),
      ...ldUrls.map((u) => abs(u, url)).filter((x): x is string => !!x),
      ...people.flatMap((p) => [p.photo, ...Object.values(p.socials)]).filter((x): x is string => !!x),
    ]),
  ];
  return {
    url,
    title,
    meta: m,
    jsonld,
    links,
    images,
    icons,
    headings,
    paragraphs,
    faqs,
    people,
    emails: [...new Set(emails)],
    times,
    text,
    urls,
  };
}
