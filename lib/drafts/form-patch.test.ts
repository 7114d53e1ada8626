// The editor form → update_draft body: only what the founder changed is sent.
import { describe, expect, it } from 'vitest';
import { draftSchema, PROFILE_FIELDS, SECTIONS, type DraftView } from '@/lib/drafts/types';
import { updateDraftInput } from '@/lib/drafts/patch-schema';
import { draftToValues, readEditorForm, type EditorValues } from '@/lib/drafts/form-values';
import { buildPatch, formPath } from './form-patch';

const site = 'https://acme.example.com';
const ev = (quote: string) => [{ quote, url: `${site}/` }];
const drafted: Record<string, unknown> = {
  name: 'Acme Notes',
  headline: 'Meeting notes that write themselves',
  summary: 'Acme Notes records your meetings.',
  description: 'First paragraph.\n\nSecond paragraph.',
  categories: ['Productivity'],
  pricing: 'Free; Pro $12 per user per month',
  founded_year: 2019,
};

function draft(): DraftView {
  const fields = Object.fromEntries(
    PROFILE_FIELDS.map((n) => {
      const v = (drafted[n] ?? null) as never;
      return [
        n,
        {
          value: v,
          state: v === null ? 'not_found' : 'ai',
          evidence: v === null ? [] : ev(String(v)),
          ai_value: v,
          suggestion: null,
        },
      ];
    }),
  );
  const sections = Object.fromEntries(
    SECTIONS.map((s) => [s, { state: 'ai', evidence: [], restorable: true, has_suggestion: false }]),
  );
  return draftSchema.parse({
    id: 'drf_test',
    url: `${site}/`,
    status: 'ready',
    failure: null,
    progress: { phase: 'done', pages_fetched: 3, pages_planned: 3, percent: 100 },
    fields,
    faqs: [
      { question: 'Is it free?', answer: 'Yes, for 10 meetings.', evidence: [] },
      { question: 'Which tools?', answer: 'Zoom and Meet.', evidence: [] },
    ],
    founders: [
      {
        name: 'Maria Santos',
        role: 'CEO',
        photo_url: null,
        bio: 'Maria led product.\nTwice.',
        socials: { x: 'https://x.com/maria' },
        evidence: [],
        founder_profile_id: null,
      },
      {
        name: 'Tom Becker',
        role: 'CTO',
        photo_url: null,
        bio: null,
        socials: { github: 'https://github.com/tom' },
        evidence: [],
        founder_profile_id: null,
      },
    ],
    company_socials: { linkedin: 'https://www.linkedin.com/company/acme', x: 'https://x.com/acme' },
    founder_socials: { x: 'https://x.com/maria' },
    story: { how_started: 'We started in a weekend.\n\nThen it grew.' },
    milestones: [{ date: '2024-03-12', title: 'Acme 2.0', description: null, url: null }],
    competitor_url: '',
    seo: { title: 'Acme Notes', description: 'Notes', keywords: ['notes', 'meetings'] },
    sections,
    completeness: 80,
    missing: [],
    pages: [],
    invites: [],
    listing_id: null,
    version: 1,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    submitted_at: null,
  });
}

/** What a browser submits for the editor's inputs (textareas with CRLF line breaks). */
function formOf(v: EditorValues): FormData {
  const fd = new FormData();
  const crlf = (s: string) => s.replace(/\n/g, '\r\n');
  for (const [k, val] of Object.entries(v.fields)) {
    if (Array.isArray(val)) [...val, '', ''].slice(0, 3).forEach((c) => fd.append(`fields.${k}`, c));
    else fd.append(`fields.${k}`, crlf(val));
  }
  v.faqs.forEach(
    (f, i) => (fd.append(`faqs.${i}.question`, f.question), fd.append(`faqs.${i}.answer`, crlf(f.answer))),
  );
  v.founders.forEach((f, i) => {
    for (const k of ['name', 'role', 'photo_url', 'founder_profile_id'] as const) fd.append(`founders.${i}.${k}`, f[k]);
    fd.append(`founders.${i}.bio`, crlf(f.bio));
    f.socials.forEach(
      (s, j) => (
        fd.append(`founders.${i}.socials.${j}.platform`, s.platform),
        fd.append(`founders.${i}.socials.${j}.url`, s.url)
      ),
    );
  });
  for (const key of ['company_socials', 'founder_socials'] as const)
    v[key].forEach((s, j) => (fd.append(`${key}.${j}.platform`, s.platform), fd.append(`${key}.${j}.url`, s.url)));
  for (const [k, val] of Object.entries(v.story)) fd.append(`story.${k}`, crlf(val));
  v.milestones.forEach((m, i) => Object.entries(m).forEach(([k, val]) => fd.append(`milestones.${i}.${k}`, val)));
  fd.append('competitor_url', v.competitor_url);
  for (const [k, val] of Object.entries(v.seo)) fd.append(`seo.${k}`, val);
  return fd;
}

const none = new Set<never>();

describe('buildPatch', () => {
  it('sends nothing for an untouched form, even with CRLF line breaks', () => {
    const d = draft();
    const { patch, errors } = buildPatch(draftToValues(d), readEditorForm(formOf(draftToValues(d))), none);
    expect(errors).toEqual({});
    expect(patch).toEqual({});
  });

  it('sends a typed value and null for a cleared field, nothing else', () => {
    const d = draft();
    const v = draftToValues(d);
    v.fields.headline = 'Notes your team reads';
    v.fields.pricing = '';
    const { patch } = buildPatch(draftToValues(d), readEditorForm(formOf(v)), none);
    expect(patch).toEqual({ fields: { headline: 'Notes your team reads', pricing: null } });
    expect(updateDraftInput.safeParse({ id: d.id, ...patch }).success).toBe(true);
  });

  it('leaves out the field a restore or redraft targets', () => {
    const d = draft();
    const v = draftToValues(d);
    v.fields.headline = 'typed but restored';
    v.fields.summary = 'kept';
    const { patch } = buildPatch(draftToValues(d), readEditorForm(formOf(v)), new Set(['headline'] as const));
    expect(patch).toEqual({ fields: { summary: 'kept' } });
  });

  it('replaces lists when a row is removed, ignoring blank rows', () => {
    const d = draft();
    const v = draftToValues(d);
    v.faqs = [v.faqs[1], { question: '', answer: '' }];
    v.milestones = [];
    const { patch } = buildPatch(draftToValues(d), readEditorForm(formOf(v)), none);
    expect(patch).toEqual({ faqs: [{ question: 'Which tools?', answer: 'Zoom and Meet.' }], milestones: [] });
  });

  it("keeps the primary founder's links in founder_socials and founders[0] together", () => {
    const d = draft();
    const v = draftToValues(d);
    v.founder_socials = [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/maria' }];
    const { patch } = buildPatch(draftToValues(d), readEditorForm(formOf(v)), none);
    expect(patch.founder_socials).toEqual({ linkedin: 'https://www.linkedin.com/in/maria' });
    expect(patch.founders?.map((f) => f.socials)).toEqual([
      { linkedin: 'https://www.linkedin.com/in/maria' },
      { github: 'https://github.com/tom' },
    ]);
  });

  it('treats reordered links and re-spaced keywords as unchanged, and refuses a bad year', () => {
    const d = draft();
    const v = draftToValues(d);
    v.company_socials.reverse();
    v.seo.keywords = 'notes,meetings';
    v.fields.founded_year = '19x9';
    const { patch, errors } = buildPatch(draftToValues(d), readEditorForm(formOf(v)), none);
    expect(patch).toEqual({});
    expect(errors).toEqual({ 'fields.founded_year': 'Enter a year like 2019.' });
  });

  it('maps problem paths back to the form rows the founder sees', () => {
    const d = draft();
    const v = draftToValues(d);
    v.faqs = [
      { question: '', answer: '' },
      { question: 'Q', answer: 'A' },
    ];
    const read = readEditorForm(formOf(v));
    expect(read.rowIndex.faqs).toEqual([1]);
    expect(formPath('faqs.0.answer', read.rowIndex)).toBe('faqs.1.answer');
    expect(formPath('fields.name', read.rowIndex)).toBe('fields.name');
  });
});
