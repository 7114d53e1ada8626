// Field-state transitions for every PATCH verb (docs/decisions.md#draft-field-states), over REST on real drafts built
// from the plain fixture site (name and summary found by the drafter; pricing not on the site).
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
let site: FixtureSite;
let slowSite: FixtureSite;
const AI_SUMMARY = 'Birdhouse is a simple habit tracker for people who want to sleep better and move more every day.';

beforeAll(async () => {
  site = await startFixtureSite('plain');
  slowSite = await startFixtureSite('plain', { delayMs: 400 });
});
afterAll(async () => {
  await stopLocalRunner();
  await site.close();
  await slowSite.close();
});

async function freshDraft(): Promise<{ call: Caller; id: string }> {
  const call = caller(app.url, (await createAccount(db)).auth);
  const res = await call('POST', '/drafts', { url: site.url });
  const d = await waitForDraft(call, res.body.id);
  expect(d.status).toBe('ready');
  expect(d.fields.summary).toMatchObject({ value: AI_SUMMARY, state: 'ai' });
  expect(d.fields.pricing).toMatchObject({ value: null, state: 'not_found' });
  return { call, id: d.id };
}

type Row = { name: string; setup?: object; patch: object; field: 'summary' | 'pricing'; state: string; value: unknown };
const rows: Row[] = [
  {
    name: 'typed over an AI value → edited',
    patch: { fields: { summary: 'Mine' } },
    field: 'summary',
    state: 'edited',
    value: 'Mine',
  },
  {
    name: 'typed over a blank → manual',
    patch: { fields: { pricing: 'Free' } },
    field: 'pricing',
    state: 'manual',
    value: 'Free',
  },
  {
    name: 'null over an AI value → deleted',
    patch: { fields: { summary: null } },
    field: 'summary',
    state: 'deleted',
    value: null,
  },
  {
    name: 'null over a blank → deleted',
    patch: { fields: { pricing: null } },
    field: 'pricing',
    state: 'deleted',
    value: null,
  },
  {
    name: 'restore after an edit → ai',
    setup: { fields: { summary: 'Mine' } },
    patch: { restore: ['summary'] },
    field: 'summary',
    state: 'ai',
    value: AI_SUMMARY,
  },
  {
    name: 'restore after a delete → ai',
    setup: { fields: { summary: null } },
    patch: { restore: ['summary'] },
    field: 'summary',
    state: 'ai',
    value: AI_SUMMARY,
  },
  {
    name: 'restore of a manual value → not_found',
    setup: { fields: { pricing: 'Free' } },
    patch: { restore: ['pricing'] },
    field: 'pricing',
    state: 'not_found',
    value: null,
  },
  {
    name: 'lock_fields on an AI value → edited, value kept',
    patch: { lock_fields: ['summary'] },
    field: 'summary',
    state: 'edited',
    value: AI_SUMMARY,
  },
  {
    name: 'lock_fields on a blank → deleted (kept blank)',
    patch: { lock_fields: ['pricing'] },
    field: 'pricing',
    state: 'deleted',
    value: null,
  },
  {
    name: 'regenerate an unsaved field → ai',
    patch: { regenerate: ['summary'] },
    field: 'summary',
    state: 'ai',
    value: AI_SUMMARY,
  },
  {
    name: 'regenerate skips a saved field',
    setup: { fields: { summary: 'Mine' } },
    patch: { regenerate: ['summary'] },
    field: 'summary',
    state: 'edited',
    value: 'Mine',
  },
  {
    name: 'regenerate + restore redrafts a saved field',
    setup: { fields: { summary: 'Mine' } },
    patch: { regenerate: ['summary'], restore: ['summary'] },
    field: 'summary',
    state: 'ai',
    value: AI_SUMMARY,
  },
  {
    name: 'regenerate a blank the site still lacks → not_found',
    patch: { regenerate: ['pricing'] },
    field: 'pricing',
    state: 'not_found',
    value: null,
  },
  {
    name: 'locked (deleted) blank survives regenerate',
    setup: { lock_fields: ['pricing'] },
    patch: { regenerate: ['pricing'] },
    field: 'pricing',
    state: 'deleted',
    value: null,
  },
];

describe('field states over PATCH /drafts/{id}', () => {
  for (const row of rows) {
    it(row.name, async () => {
      const { call, id } = await freshDraft();
      if (row.setup) expect((await call('PATCH', `/drafts/${id}`, row.setup)).status).toBe(200);
      const res = await call('PATCH', `/drafts/${id}`, row.patch);
      expect(res.status).toBe(200);
      expect(res.body.fields[row.field]).toMatchObject({ state: row.state, value: row.value });
      const again = await call('GET', `/drafts/${id}`);
      expect(again.body.fields[row.field]).toMatchObject({ state: row.state, value: row.value });
    });
  }

  it('a saved field that a later AI draft disagrees with → override with the AI value as suggestion; restore takes it', async () => {
    const call = caller(app.url, (await createAccount(db)).auth);
    const res = await call('POST', '/drafts', { url: slowSite.url });
    // Saved while the site is still being read: the draft that follows must keep it.
    const early = await call('PATCH', `/drafts/${res.body.id}`, { fields: { name: 'Birdhouse App' } });
    expect(early.status).toBe(200);
    expect(early.body.status).toBe('crawling');
    const d = await waitForDraft(call, res.body.id);
    expect(d.fields.name).toMatchObject({
      value: 'Birdhouse App',
      state: 'override',
      suggestion: { value: 'Birdhouse' },
      ai_value: 'Birdhouse',
    });
    const restored = await call('PATCH', `/drafts/${d.id}`, { restore: ['name'] });
    expect(restored.body.fields.name).toMatchObject({ value: 'Birdhouse', state: 'ai', suggestion: null });
  });

  it('sections: replacing lists, legacy story names, empty competitor_url clears', async () => {
    const { call, id } = await freshDraft();
    const res = await call('PATCH', `/drafts/${id}`, {
      faqs: [{ question: 'Is it free?', answer: 'Yes, for one habit.' }],
      story: { why_started: 'I slept badly.', journey: 'We built it at night.', whats_next: 'Android.' },
      competitor_url: 'https://habits.example.org',
      company_socials: { x: 'https://x.com/birdhouse', github: null },
      milestones: [{ date: '2025-02-01', title: 'Launched', url: 'https://birdhouse.example.org/launch' }],
      seo: { title: 'Birdhouse habit tracker' },
    });
    expect(res.status).toBe(200);
    expect(res.body.faqs).toEqual([{ question: 'Is it free?', answer: 'Yes, for one habit.', evidence: [] }]);
    expect(res.body.sections.faqs.state).toBe('manual');
    expect(res.body.story).toEqual({
      how_started: 'I slept badly.',
      what_built: 'We built it at night.',
      whats_next: 'Android.',
    });
    expect(res.body.company_socials).toEqual({ x: 'https://x.com/birdhouse' });
    expect(res.body.milestones[0]).toEqual({
      date: '2025-02-01',
      title: 'Launched',
      description: null,
      url: 'https://birdhouse.example.org/launch',
    });
    const cleared = await call('PATCH', `/drafts/${id}`, { competitor_url: '', story: { whats_next: null } });
    expect(cleared.body.competitor_url).toBe('');
    expect(cleared.body.sections.competitor_url.state).toBe('deleted');
    expect(cleared.body.story).toEqual({ how_started: 'I slept badly.', what_built: 'We built it at night.' });
  });

  it('categories take names from list_categories (case-insensitive), primary first; unknown ones are refused', async () => {
    const { call, id } = await freshDraft();
    const ok = await call('PATCH', `/drafts/${id}`, { fields: { categories: ['health & fitness', 'Productivity'] } });
    expect(ok.body.fields.categories).toMatchObject({
      value: ['Health & Fitness', 'Productivity'],
      state: expect.stringMatching(/edited|manual/),
    });
    const bad = await call('PATCH', `/drafts/${id}`, { fields: { categories: ['Productivity', 'Astrology'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('fields.categories.1');
  });
});

describe('refusals name the field (422 problem+json)', () => {
  let call: Caller;
  let id: string;
  beforeAll(async () => {
    ({ call, id } = await freshDraft());
  });
  const cases: [string, object, string][] = [
    ['a 6th FAQ', { faqs: Array.from({ length: 6 }, (_, i) => ({ question: `Q${i}?`, answer: 'A' })) }, 'faqs'],
    ['a story section over 8000 characters', { story: { problem: 'x'.repeat(8001) } }, 'story.problem'],
    ['an unknown platform key', { company_socials: { myspace: 'https://myspace.com/x' } }, 'company_socials.myspace'],
    [
      'a non-https milestone url',
      { milestones: [{ date: '2025-01-01', title: 'Launch', url: 'http://example.org' }] },
      'milestones.0.url',
    ],
    ['a milestone date not YYYY-MM-DD', { milestones: [{ date: '01/02/2025', title: 'Launch' }] }, 'milestones.0.date'],
    // The listing's milestones take 1900–2100 (add_milestone); a draft's milestones become the listing's.
    ['a milestone in year 1', { milestones: [{ date: '0001-01-01', title: 'Ancient' }] }, 'milestones.0.date'],
    ['a milestone in 2999', { milestones: [{ date: '2999-01-01', title: 'Far' }] }, 'milestones.0.date'],
    // A name reaches mail subjects and bodies (co-founder invites): one line, no smuggled headers or paragraphs.
    [
      'a name with line breaks',
      { fields: { name: 'Acme\r\nBcc: victim@x.test\r\n\r\nLog in at http://evil.example' } },
      'fields.name',
    ],
    ['a founder name with a line break', { founders: [{ name: 'Maria\nSantos' }] }, 'founders.0.name'],
    ['an unknown field name', { fields: { slogan: 'x' } }, 'fields.slogan'],
    ['an unknown regenerate name', { regenerate: ['slogan'] }, 'regenerate.0'],
  ];
  for (const [name, body, path] of cases) {
    it(name, async () => {
      const res = await call('PATCH', `/drafts/${id}`, body);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    });
  }
  it('says which part of a web address is wrong', async () => {
    const message = async (logo: string) =>
      (await call('PATCH', `/drafts/${id}`, { fields: { logo_url: logo } })).body.errors[0].message as string;
    expect(await message('example.com/logo.png')).toBe('Must be a web address starting with https:// or http://.');
    expect(await message('http://localhost/x.png')).toContain('a dot in its name');
    expect(await message('https://exa mple.com/x.png')).toBe('This is not a valid web address.');
  });

  it('legacy story sections that together pass 8000 characters', async () => {
    const res = await call('PATCH', `/drafts/${id}`, {
      story: { challenges: 'x'.repeat(5000), lessons: 'y'.repeat(5000) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe('story.hard_parts');
  });
});
