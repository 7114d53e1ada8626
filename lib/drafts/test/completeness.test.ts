// A draft's completeness: every field counts and the story by its sections, so 100 % means nothing is missing.
import { describe, expect, it } from 'vitest';
import { completeness } from '../completeness';
import { emptyFields } from '../fields';
import { DRAFT_FIELD_NAMES, STORY_SECTIONS, type StoredFields } from '../types';

const story = (n: number) => Object.fromEntries(STORY_SECTIONS.slice(0, n).map((s) => [s, `About ${s}.`]));

function filled(): StoredFields {
  const fields = emptyFields();
  const all = fields as Record<string, { value: unknown; state: string }>;
  for (const name of DRAFT_FIELD_NAMES) all[name] = { ...all[name], value: 'x', state: 'manual' };
  fields.story = { ...fields.story, value: story(STORY_SECTIONS.length) };
  return fields;
}

describe('completeness', () => {
  it('is 0 with every field named missing, and 100 only when every field and story section is written', () => {
    const none = completeness(emptyFields());
    expect(none.completeness).toBe(0);
    expect(none.missing.map((m) => m.field).sort()).toEqual([...DRAFT_FIELD_NAMES].sort());
    expect(completeness(filled())).toEqual({ completeness: 100, missing: [] });
  });

  it('is below 100 while the competitor or one story section is missing', () => {
    const noCompetitor = filled();
    noCompetitor.competitor_url = { ...noCompetitor.competitor_url, value: null };
    expect(completeness(noCompetitor)).toMatchObject({ completeness: 99, missing: [{ field: 'competitor_url' }] });

    const partStory = filled();
    partStory.story = { ...partStory.story, value: story(1) };
    const part = completeness(partStory);
    expect(part.completeness).toBeLessThan(100);
    // The sections counted as the publishing rules count them: six, the title apart ("1 of 7" counted it).
    expect(part.missing).toEqual([{ field: 'story', message: 'Finish the founder story (0 of 6 sections written).' }]);
    partStory.story = { ...partStory.story, value: { how_started: 'About it.', problem: 'The problem.' } };
    expect(completeness(partStory).missing).toEqual([
      { field: 'story', message: 'Finish the founder story (2 of 6 sections written, and a title).' },
    ]);
    partStory.story = { ...partStory.story, value: { ...story(STORY_SECTIONS.length), title: '' } };
    expect(completeness(partStory).missing).toEqual([{ field: 'story', message: 'Give the founder story a title.' }]);
  });
});
