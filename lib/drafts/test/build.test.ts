// Submit by URL end to end over REST: real fixture sites on loopback, real database, the local runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { caller, waitForDraft, type Caller } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let acme: FixtureSite;
let call: Caller;

beforeAll(async () => {
  acme = await startFixtureSite('acme', {
    routes: {
      '/go/partner': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      // Tom's photo is named on the team page but gone from the server.
      '/img/tom.jpg': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    },
  });
  call = caller(app.url, (await createAccount(db)).auth);
});
afterAll(async () => {
  await stopLocalRunner();
  await acme.close();
});

describe('a site with JSON-LD, robots.txt and a team page', () => {
  let draft: Awaited<ReturnType<typeof waitForDraft>>;

  beforeAll(async () => {
    const res = await call('POST', '/drafts', { url: acme.url });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('crawling');
    expect(res.body.id).toMatch(/^drf_/);
    expect(res.headers.get('location')).toBe(`${app.url}/api/v1/drafts/${res.body.id}`);
    draft = await waitForDraft(call, res.body.id);
  });

  it('is ready with the values the site states, each quoted', () => {
    expect(draft.status).toBe('ready');
    const f = draft.fields;
    expect(f.name.value).toBe('Acme Notes');
    expect(f.headline.value).toBe('Meeting notes that write themselves');
    expect(f.summary.value).toContain('records your meetings');
    expect(f.founded_year.value).toBe(2019);
    expect(f.team_size.value).toBe('14');
    expect(f.headquarters.value).toBe('Lisbon, Portugal');
    expect(f.company_name.value).toBe('Acme Labs Inc');
    expect(f.contact_email.value).toBe('hello@acme.test');
    expect(f.logo_url.value).toBe(`${acme.url}/img/logo.png`);
    expect(f.pricing.value).toContain('$12 per user per month');
    expect((f.categories.value as string[])[0]).toBeDefined();
    for (const name of ['name', 'headline', 'summary', 'founded_year', 'team_size', 'contact_email'] as const) {
      expect(f[name].state).toBe('ai');
      expect(f[name].evidence.length).toBeGreaterThan(0);
      for (const e of f[name].evidence) expect(e.url.startsWith(acme.url)).toBe(true);
    }
  });

  it('finds FAQs, founders (primary first), socials and milestones', () => {
    expect(draft.faqs.length).toBeGreaterThanOrEqual(3);
    expect(draft.faqs.length).toBeLessThanOrEqual(5);
    expect(draft.faqs[0].evidence.length).toBeGreaterThan(0);
    expect(draft.founders.map((x) => x.name)).toEqual(['Maria Santos', 'Tom Becker']);
    expect(draft.founders[0].role).toBe('Co-founder & CEO');
    expect(draft.founders[0].photo_url).toBe(`${acme.url}/img/maria.jpg`);
    // A photo that does not load is no photo (it showed as a broken image, and counted as one).
    expect(acme.requests).toContain('/img/tom.jpg');
    expect(draft.founders[1].photo_url).toBeNull();
    expect(draft.sections.founders.refused?.reason).toContain(
      `Tom Becker's photo: '${acme.url}/img/tom.jpg' does not load (the site answers 404).`,
    );
    expect(draft.founder_socials.linkedin).toBe('https://www.linkedin.com/in/maria-santos-acme');
    expect(draft.company_socials).toMatchObject({
      linkedin: 'https://www.linkedin.com/company/acme-notes',
      x: 'https://x.com/acmenotes',
      github: 'https://github.com/acme-notes',
    });
    expect(draft.company_socials.x).not.toContain('intent');
    expect(draft.milestones.map((m) => m.date)).toEqual(['2024-03-12', '2023-06-01']);
    expect(draft.story.how_started).toContain('We started Acme Notes');
  });

  it('never requests a page robots.txt disallows, and survives a redirect to a private address', () => {
    expect(acme.requests).not.toContain('/private/roadmap');
    expect(draft.pages.find((p) => p.url.endsWith('/private/roadmap'))?.status).toBe('disallowed');
    expect(draft.pages.find((p) => p.url.endsWith('/go/partner'))?.status).toBe('skipped');
    expect(acme.requests).not.toContain('/login');
    expect(acme.requests.filter((p) => p === '/robots.txt')).toHaveLength(1);
  });

  it('reports completeness and what is missing', () => {
    if (process.env.PRINT_DRAFT) console.log(JSON.stringify(draft, null, 1));
    expect(draft.completeness).toBeGreaterThan(80);
    expect(draft.missing.map((m) => m.field)).not.toContain('name');
    expect(draft.progress.percent).toBe(100);
  });
});
