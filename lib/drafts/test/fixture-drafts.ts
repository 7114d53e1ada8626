// The deterministic drafter on a fixture site read from disk (test/fixtures/sites/<name>), and how
// many of its values the evidence guard keeps: each is the site's own words, so all should stand.
// Shared by fixture-drafts.test.ts and bench/guard.ts.
import fs from 'node:fs';
import path from 'node:path';
import { extractPage } from '@/lib/crawl/extract-page';
import { kindOf } from '@/lib/crawl/plan';
import { deterministicDrafter } from '../drafters/deterministic';
import type { SiteData } from '../drafters/site-data';
import { guardProposals } from '../guard';
import { siteCorpus } from '../site-corpus';
import type { Proposals } from '../types';
import { CASE_CATEGORIES } from './run-guard-case';

const root = path.resolve(import.meta.dirname, '../../../test/fixtures/sites');

export function fixtureSite(name: string): SiteData {
  const base = `https://${name}.test`;
  const files = fs.readdirSync(path.join(root, name)).filter((f) => f.endsWith('.html'));
  const pages = files.map((f) => {
    const url = f === 'index.html' ? `${base}/` : `${base}/${f.replace(/\.html$/, '')}`;
    return { ...extractPage(fs.readFileSync(path.join(root, name, f), 'utf8'), url), kind: kindOf(url) };
  });
  pages.sort((a, b) => Number(b.kind === 'home') - Number(a.kind === 'home'));
  return {
    url: `${base}/`,
    pages,
    categories: CASE_CATEGORIES.map((n) => ({ name: n, description: '' })),
    now: new Date('2026-06-01T00:00:00Z'),
  };
}

const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => k !== 'evidence')
          .sort()
          .map((k) => `${k}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/** One unit per scalar field, list item or object key of the drafted values. */
function units(p: Proposals): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, prop] of Object.entries(p)) {
    const v = prop?.value;
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => out.set(`${k}:${stable(item)}`, k));
    else if (typeof v === 'object')
      Object.entries(v).forEach(([kk, vv]) => vv && out.set(`${k}.${kk}:${stable(vv)}`, k));
    else out.set(`${k}:${stable(v)}`, k);
  }
  return out;
}

export type FixtureResult = {
  site: string;
  raw: Proposals;
  guarded: Proposals;
  total: number;
  kept: number;
  lost: string[];
};

export async function draftFixture(name: string): Promise<FixtureResult> {
  const site = fixtureSite(name);
  const raw = await deterministicDrafter.draft(site);
  const guarded = guardProposals(raw, {
    corpus: siteCorpus(site.pages),
    categories: site.categories.map((c) => c.name),
    now: site.now,
  });
  const before = units(raw);
  const after = units(guarded);
  const lost = [...before.keys()].filter((u) => !after.has(u));
  return { site: name, raw, guarded, total: before.size, kept: before.size - lost.length, lost };
}
