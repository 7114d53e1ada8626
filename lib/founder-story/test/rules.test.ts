// The story rules as pure functions: words, sections, the profile, and what is missing.
import { describe, expect, it } from 'vitest';
import { countWords, storyChecks, storyMissing, storyProgress } from '../rules';
import { words } from './helpers';

const complete = { complete: true, missing: [] };
const noPhoto = { complete: false, missing: [{ reason: 'Upload a photo.', url: 'https://x/account/profile#photo' }] };

describe('countWords', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['one', 1],
    ["We didn't give up — twice.", 5],
    ['state-of-the-art tools, 2 of them', 5],
    ['Ünïcode wörds ça', 3],
    ['line one\n\nline two', 4],
  ])('%j has %i words', (text, n) => expect(countWords(text)).toBe(n));
});

describe('storyProgress', () => {
  it('counts body sections with text, not the title, and words only in them', () => {
    expect(storyProgress({ title: words(50), how_started: 'a b', problem: '  ', what_built: 'c' })).toEqual({
      sections: 2,
      words: 3,
    });
  });
});

describe('the rules', () => {
  const body = (n: number, total: number) =>
    Object.fromEntries(
      ['how_started', 'problem', 'what_built', 'hard_parts', 'milestones', 'whats_next']
        .slice(0, n)
        .map((k, i) => [k, words(Math.floor(total / n) + (i < total % n ? 1 : 0))]),
    );

  it.each([
    // sections, words, profile complete, published?
    [3, 250, true, true],
    [6, 600, true, true],
    [2, 400, true, false],
    [3, 249, true, false],
    [3, 250, false, false],
    [1, 10, false, false],
  ])('%i sections, %i words, profile complete %s → publishable %s', (n, total, profileOk, ok) => {
    const sections = body(n, total);
    expect(storyProgress(sections)).toEqual({ sections: n, words: total });
    const missing = storyMissing(sections, profileOk ? complete : noPhoto, 'https://x/editor');
    expect(missing.length === 0).toBe(ok);
    const checks = storyChecks(sections, profileOk ? complete : noPhoto);
    expect(checks.map((c) => c.met)).toEqual([n >= 3, total >= 250, profileOk]);
  });

  it('says what is missing, each with where to fix it', () => {
    expect(storyMissing({ how_started: words(10) }, noPhoto, 'https://x/editor')).toEqual([
      { reason: 'Write at least 3 of the 6 story sections (1 written so far).', url: 'https://x/editor' },
      { reason: 'Write at least 250 words in all (10 so far).', url: 'https://x/editor' },
      { reason: 'Upload a photo.', url: 'https://x/account/profile#photo' },
    ]);
  });
});
