// Categories by the words a site uses about itself: each category has cue words; the best
// scoring categories (at most 3, primary first) are proposed with the lines that matched.
import type { Evidence } from '../types';
import type { SiteData } from './site-data';

const CUES: Record<string, string[]> = {
  Productivity: ['productivity', 'to-do', 'todo', 'task', 'calendar', 'notes', 'workflow', 'focus', 'save time'],
  'Developer Tools': ['developer', ' api ', 'sdk', 'source code', 'deploy', 'open source', 'cli', 'engineers'],
  AI: [' ai ', 'ai-powered', 'artificial intelligence', 'machine learning', 'llm', 'gpt', 'language model', 'ai '],
  Design: ['design', 'prototype', 'figma', 'mockup', 'illustration', 'creative'],
  Marketing: ['marketing', 'seo', 'newsletter', 'campaign', 'social media', 'growth', 'email marketing'],
  'Sales & Support': ['crm', 'sales', 'customer support', 'helpdesk', 'leads', 'pipeline', 'tickets'],
  Analytics: ['analytics', 'dashboard', 'metrics', 'insights', 'reporting', 'tracking'],
  Finance: ['invoice', 'invoicing', 'accounting', 'payroll', 'expenses', 'finance', 'bookkeeping', 'budget'],
  DevOps: ['hosting', 'monitoring', 'uptime', 'infrastructure', 'kubernetes', 'servers', 'devops', 'logs'],
  Security: ['security', 'password', 'privacy', 'encryption', 'vpn', '2fa', 'compliance'],
  Education: ['learn', 'course', 'students', 'teachers', 'education', 'lessons', 'tutor'],
  'Health & Fitness': ['health', 'fitness', 'workout', 'habit', 'sleep', 'meditation', 'nutrition'],
  'E-commerce': ['e-commerce', 'ecommerce', 'online store', 'shop', 'checkout', 'merchants', 'shopify'],
  Media: ['video', 'podcast', 'audio', 'publishing', 'streaming', 'editor for video'],
  'HR & Hiring': ['hiring', 'recruit', 'candidates', 'onboarding', 'employees', 'hr '],
  Travel: ['travel', 'trip', 'flight', 'hotel', 'booking', 'itinerary'],
  Lifestyle: ['recipe', 'pets', 'home', 'hobby', 'garden', 'food'],
};

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
        const hits = cues.filter((c) => l.includes(c)).length;
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
