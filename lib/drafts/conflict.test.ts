// A conflict as the editor shows it: only fields where yours and theirs differ, "changed by me"
// against what the editor loaded, and the merge of the founder's choices.
import { describe, expect, it } from 'vitest';
import { conflictFields, mergeValues, readChoices } from './conflict';
import type { EditorValues } from './form-values';
import { STORY_SECTIONS } from './types';

function values(over: Partial<EditorValues['fields']> = {}, rest: Partial<EditorValues> = {}): EditorValues {
  const fields = {
    name: 'Acme',
    headline: 'Notes',
    summary: '',
    description: '',
    categories: ['Productivity'],
    pricing: '',
    founded_year: '',
    headquarters: '',
    team_size: '',
    company_name: '',
    logo_url: '',
    contact_email: '',
  };
  return {
    fields: { ...fields, ...over },
    faqs: [],
    founders: [],
    company_socials: [{ platform: 'x', url: 'https://x.com/acme' }],
    founder_socials: [],
    story: Object.fromEntries(STORY_SECTIONS.map((s) => [s, ''])) as EditorValues['story'],
    milestones: [],
    competitor_url: '',
    seo: { title: '', description: '', keywords: 'a, b' },
    ...rest,
  };
}

describe('conflictFields', () => {
  it('lists the fields that differ, marking the ones the founder changed', () => {
    const base = values();
    const mine = values({ headline: 'Mine' }, { seo: { title: '', description: '', keywords: 'a,b' } });
    const theirs = values(
      { headline: 'Theirs', summary: 'Added elsewhere' },
      { faqs: [{ question: 'Q?', answer: 'A.' }] },
    );
    const fields = conflictFields(base, mine, theirs);
    expect(fields.map((f) => f.name)).toEqual(['headline', 'summary', 'faqs']);
    expect(fields[0]).toMatchObject({ label: 'Headline', mine: 'Mine', theirs: 'Theirs', changedByMe: true });
    expect(fields[1]).toMatchObject({ mine: '', theirs: 'Added elsewhere', changedByMe: false });
    expect(fields[2].theirs).toBe('Q: Q?\nA: A.');
  });

  it('sees socials in another order as the same', () => {
    const a = values(
      {},
      {
        company_socials: [
          { platform: 'x', url: 'https://x.com/a' },
          { platform: 'github', url: 'https://github.com/a' },
        ],
      },
    );
    const b = values(
      {},
      {
        company_socials: [
          { platform: 'github', url: 'https://github.com/a' },
          { platform: 'x', url: 'https://x.com/a' },
        ],
      },
    );
    expect(conflictFields(a, a, b)).toEqual([]);
  });
});

describe('mergeValues', () => {
  it('takes theirs, except the fields chosen as mine', () => {
    const mine = values({ headline: 'Mine', summary: 'My summary' }, { competitor_url: 'https://rival.example' });
    const theirs = values({ headline: 'Theirs', summary: 'Their summary' });
    const fd = new FormData();
    fd.set('choice.headline', 'mine');
    fd.set('choice.summary', 'theirs');
    fd.set('choice.competitor_url', 'mine');
    fd.set('choice.pricing', 'bogus');
    const choices = readChoices(fd);
    expect(choices).toEqual({ headline: 'mine', summary: 'theirs', competitor_url: 'mine' });
    const merged = mergeValues(mine, theirs, choices);
    expect(merged.fields.headline).toBe('Mine');
    expect(merged.fields.summary).toBe('Their summary');
    expect(merged.competitor_url).toBe('https://rival.example');
    merged.fields.categories.push('x');
    expect(theirs.fields.categories).toEqual(['Productivity']);
  });
});
