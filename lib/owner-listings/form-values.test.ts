// The owner's edit form sends only what changed: untouched fields never travel through apply_to.
import { describe, expect, it } from 'vitest';
import { changedBody, formPath, readListingForm, type ListingFormValues } from './form-values';

const base: ListingFormValues = {
  fields: {
    headline: 'Old headline',
    summary: 'Summary',
    description: '',
    company_name: 'Tidy Ltd',
    founded_year: '2020',
    headquarters: '',
    team_size: '',
    pricing: '',
    contact_email: '',
    logo_url: '',
    categories: ['Finance'],
  },
  socials: [{ platform: 'x', url: 'https://x.com/tidy' }],
  faqs: [{ question: 'Free?', answer: 'Yes.' }],
};

function form(entries: [string, string][]): FormData {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const formOf = (v: ListingFormValues, extra: [string, string][] = []) =>
  form([
    ...Object.entries(v.fields).flatMap(([k, x]): [string, string][] =>
      Array.isArray(x) ? x.map((c): [string, string] => [`fields.${k}`, c]) : [[`fields.${k}`, x]],
    ),
    ...v.socials.flatMap((s, i): [string, string][] => [
      [`socials.${i}.platform`, s.platform],
      [`socials.${i}.url`, s.url],
    ]),
    ...v.faqs.flatMap((f, i): [string, string][] => [
      [`faqs.${i}.question`, f.question],
      [`faqs.${i}.answer`, f.answer],
    ]),
    ...extra,
  ]);

describe('the listing edit form', () => {
  it('an untouched form sends nothing', () => {
    const read = readListingForm(
      formOf(base, [
        ['faqs.1.question', ''],
        ['faqs.1.answer', ''],
      ]),
    );
    expect(changedBody(base, read.values)).toEqual({ body: {}, errors: {} });
  });

  it('sends only the changed fields; blanks remove, a year is a number', () => {
    const next = structuredClone(base);
    next.fields.headline = 'New headline';
    next.fields.company_name = '';
    next.fields.founded_year = '2019';
    next.fields.categories = ['Finance', 'AI'];
    const read = readListingForm(formOf(next, [['apply_to', 'makers']]));
    expect(read.applyTo).toEqual(['makers']);
    expect(changedBody(base, read.values).body).toEqual({
      fields: { headline: 'New headline', company_name: null, founded_year: 2019, categories: ['Finance', 'AI'] },
    });
  });

  it('replaces socials and FAQs when they change, and refuses a bad year or a platform twice', () => {
    const next = structuredClone(base);
    next.socials = [
      { platform: 'x', url: 'https://x.com/a' },
      { platform: 'x', url: 'https://x.com/b' },
    ];
    next.faqs = [];
    next.fields.founded_year = '19x9';
    const { body, errors } = changedBody(base, readListingForm(formOf(next)).values);
    expect(errors).toEqual({
      'fields.founded_year': 'Enter a year like 2019.',
      'socials.x': 'This platform is listed twice; keep one link per platform.',
    });
    expect(body.faqs).toEqual([]);
  });

  it('maps a refused FAQ back to its form row', () => {
    const read = readListingForm(
      form([
        ['faqs.0.question', ''],
        ['faqs.0.answer', ''],
        ['faqs.2.question', 'Q'],
        ['faqs.2.answer', 'A'],
      ]),
    );
    expect(read.faqIndex).toEqual([2]);
    expect(formPath('faqs.0.answer', read.faqIndex)).toBe('faqs.2.answer');
  });
});
