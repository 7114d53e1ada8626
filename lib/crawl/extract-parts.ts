// FAQs and people (founders, team) from a page: JSON-LD first, then common HTML patterns.
import type { CheerioAPI } from 'cheerio';
import type { Platform } from '@/lib/drafts/types';
import { clean } from './text';
import { isType, ldList, ldString, type LdNode } from './jsonld';
import { platformOf } from './socials';

export type PageFaq = { question: string; answer: string };
export type PagePerson = {
  name: string;
  role: string | null;
  photo: string | null;
  bio: string | null;
  socials: Partial<Record<Platform, string>>;
};

export function extractFaqs($: CheerioAPI, jsonld: LdNode[]): PageFaq[] {
  const out: PageFaq[] = [];
  const add = (q: string, a: string) => {
    const question = clean(q);
    const answer = clean(a);
    if (question.length >= 5 && answer.length >= 2 && !out.some((f) => f.question === question))
      out.push({ question, answer });
  };
  for (const node of jsonld.filter((n) => isType(n, 'FAQPage'))) {
    for (const q of ldList(node.mainEntity) as LdNode[]) {
      const answer = q && typeof q === 'object' ? ldString((q.acceptedAnswer as LdNode | undefined)?.text) : null;
      if (q && typeof q.name === 'string' && answer) add(q.name, answer.replace(/<[^>]+>/g, ' '));
    }
  }
  $('details').each((_, el) => {
    const summary = $(el).children('summary').first();
    add(summary.text(), $(el).clone().children('summary').remove().end().text());
  });
  $('dt').each((_, el) => add($(el).text(), $(el).next('dd').text()));
  $('h2,h3,h4').each((_, el) => {
    const q = clean($(el).text());
    if (!q.endsWith('?')) return;
    const answer = $(el).nextUntil('h1,h2,h3,h4').filter('p,div').first().text();
    add(q, answer);
  });
  return out;
}

const ROLE =
  /\b(co-?founder|founder|ceo|cto|coo|cfo|cpo|chief [a-z]+ officer|president|managing director|head of [a-z ]+|owner)\b/i;
const NAME = /^[A-Z][\p{L}'’.-]+(?: [A-Z][\p{L}'’.-]+){1,3}$/u;

function personFromLd(node: LdNode): PagePerson | null {
  const name = ldString(node.name);
  if (!name) return null;
  const socials: PagePerson['socials'] = {};
  for (const s of ldList(node.sameAs).map(ldString)) {
    const p = s ? platformOf(s) : null;
    if (p && s && !socials[p]) socials[p] = s;
  }
  return { name, role: ldString(node.jobTitle), photo: ldString(node.image), bio: ldString(node.description), socials };
}

export function extractPeople($: CheerioAPI, jsonld: LdNode[], base: string): PagePerson[] {
  const people: PagePerson[] = [];
  const add = (p: PagePerson | null) => {
    if (p && !people.some((x) => x.name.toLowerCase() === p.name.toLowerCase())) people.push(p);
  };
  for (const node of jsonld) {
    if (isType(node, 'Person')) add(personFromLd(node));
    for (const f of ldList(node.founder) as LdNode[])
      if (f && typeof f === 'object') add(personFromLd({ ...f, jobTitle: f.jobTitle ?? 'Founder' }));
  }
  // Cards: a small container with one name-like heading and a role line.
  $('h2,h3,h4,h5,strong').each((_, el) => {
    const name = clean($(el).text());
    if (!NAME.test(name)) return;
    const card = $(el).parent();
    const cardText = clean(card.text());
    if (cardText.length > 1200) return;
    const lines = card
      .find('p,span,div,small,em')
      .map((__, x) => clean($(x).text()))
      .get();
    const role = lines.find((l) => l.length <= 80 && ROLE.test(l)) ?? null;
    if (!role) return;
    const img = card.find('img[src]').first().attr('src');
    const photo = img ? new URL(img, base).toString() : null;
    const bio = lines.find((l) => l !== role && l.length >= 30 && l.length <= 1000) ?? null;
    const socials: PagePerson['socials'] = {};
    card.find('a[href]').each((__, a) => {
      const href = new URL($(a).attr('href') ?? '', base).toString();
      const p = platformOf(href);
      if (p && !socials[p]) socials[p] = href;
    });
    add({ name, role, photo, bio, socials });
  });
  return people;
}
