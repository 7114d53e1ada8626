// Categories by the words a site uses about itself: each category has cue words; the best
// scoring categories (at most 3, primary first) are proposed with the lines that matched.
import type { Evidence } from '../types';
import type { SiteData } from './site-data';

/** Cue words (English and German) per category; the evidence guard takes them as synonyms. */
export const CUES: Record<string, string[]> = {
  Productivity: [
    'productivity',
    'to-do',
    'todo',
    'task',
    'calendar',
    'notes',
    'workflow',
    'focus',
    'save time',
    'produktivität',
    'aufgaben',
    'kalender',
    'notizen',
    'zeit sparen',
  ],
  'Developer Tools': [
    'developer',
    ' api ',
    'sdk',
    'source code',
    'deploy',
    'open source',
    'cli',
    'engineers',
    'entwickler',
    'quellcode',
  ],
  AI: [
    ' ai ',
    'ai-powered',
    'artificial intelligence',
    'machine learning',
    'llm',
    'gpt',
    'language model',
    'ai ',
    ' ki ',
    ' ki-',
    'künstliche intelligenz',
  ],
  Design: ['design', 'prototype', 'figma', 'mockup', 'illustration', 'creative', 'gestaltung'],
  Marketing: [
    'marketing',
    'seo',
    'newsletter',
    'campaign',
    'social media',
    'growth',
    'email marketing',
    'werbung',
    'kampagne',
  ],
  'Sales & Support': [
    'crm',
    'sales',
    'customer support',
    'helpdesk',
    'leads',
    'pipeline',
    'tickets',
    'vertrieb',
    'kundenservice',
  ],
  Analytics: ['analytics', 'dashboard', 'metrics', 'insights', 'reporting', 'tracking', 'auswertung', 'kennzahlen'],
  Finance: [
    'invoice',
    'invoicing',
    'accounting',
    'payroll',
    'expenses',
    'finance',
    'bookkeeping',
    'budget',
    'rechnung',
    'buchhaltung',
    'finanzen',
  ],
  DevOps: [
    'hosting',
    'monitoring',
    'uptime',
    'infrastructure',
    'kubernetes',
    'servers',
    'devops',
    'logs',
    'überwachung',
  ],
  Security: [
    'security',
    'password',
    'privacy',
    'encryption',
    'vpn',
    '2fa',
    'compliance',
    'sicherheit',
    'datenschutz',
    'verschlüsselung',
  ],
  Education: [
    'learn',
    'course',
    'students',
    'teachers',
    'education',
    'lessons',
    'tutor',
    'lernen',
    'schüler',
    'lehrer',
    'bildung',
  ],
  'Health & Fitness': [
    'health',
    'fitness',
    'workout',
    'habit',
    'sleep',
    'meditation',
    'nutrition',
    'gesundheit',
    'schlaf',
    'ernährung',
  ],
  'E-commerce': [
    'e-commerce',
    'ecommerce',
    'online store',
    'shop',
    'checkout',
    'merchants',
    'shopify',
    'onlineshop',
    'online-shop',
  ],
  Media: ['video', 'podcast', 'audio', 'publishing', 'streaming', 'editor for video'],
  'HR & Hiring': ['hiring', 'recruit', 'candidates', 'onboarding', 'employees', 'hr ', 'bewerber', 'stellenanzeigen'],
  Travel: ['travel', 'trip', 'flight', 'hotel', 'booking', 'itinerary', 'reise', 'flug'],
  Lifestyle: ['recipe', 'pets', 'home', 'hobby', 'garden', 'food', 'rezept', 'haustier', 'garten'],
};

const cueCache = new Map<string, RegExp>();
/** A cue matches at the start of a word (and at its end too when the cue ends with a space). */
function cueRe(cue: string): RegExp {
  let re = cueCache.get(cue);
  if (!re) {
    const body = cue.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}${cue.endsWith(' ') ? '(?![\\p{L}\\p{N}])' : ''}`, 'u');
    cueCache.set(cue, re);
  }
  return re;
}

export function pickCategories(site: SiteData): { value: string[]; evidence: Evidence[] } | undefined {
  const home = site.pages.find((p) => p.kind === 'home') ?? site.pages[0];
  const pages = [home, ...site.pages.filter((p) => p.kind === 'about')].filter(Boolean);
  const scored: { name: string; score: number; evidence: Evidence }[] = [];
  for (const { name } of site.categories) {
    const cues = CUES[name] ?? [name.toLowerCase()];
    let score = 0;
    let evidence: Evidence | null = null;
    for (const p of pages) {
      for (const line of p.text.split('\n')) {
        const l = ` ${line.toLowerCase()} `;
        const hits = cues.filter((c) => cueRe(c).test(l)).length;
        if (hits) {
          score += hits * (p === home ? 2 : 1);
          evidence ??= { quote: line.length > 300 ? line.slice(0, 300) : line, url: p.url };
        }
      }
    }
    if (score >= 3 && evidence) scored.push({ name, score, evidence });
  }
  scored.sort((a, b) => b.score - a.score);
  const top = scored.slice(0, 3);
  return top.length ? { value: top.map((c) => c.name), evidence: top.map((c) => c.evidence) } : undefined;
}
