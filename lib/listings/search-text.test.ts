import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  applyCorrections,
  cleanQuery,
  correctableWords,
  editDistance,
  nameWords,
  oneEditVariants,
  splitPrefix,
} from './search-text';

describe('search text', () => {
  it('splits a name into its lower-case words', () => {
    expect(nameWords('Sales & Support')).toEqual(['sales', 'support']);
    expect(nameWords('Developer-Tools')).toEqual(['developer', 'tools']);
    expect(nameWords('')).toEqual([]);
  });

  it('holds no text when it has no letter or digit (`""` found nothing instead of listing)', () => {
    for (const q of ['""', ' - ', '???', '"" -', '🚀']) expect(cleanQuery(q)).toBe('');
    expect(cleanQuery(' "quiet notes" ')).toBe('"quiet notes"');
    expect(cleanQuery('-teams')).toBe('-teams');
    expect(cleanQuery('42')).toBe('42');
    expect(cleanQuery('x'.repeat(300))).toHaveLength(200);
  });

  it('counts edits with adjacent transpositions as one', () => {
    expect(editDistance('invioce', 'invoice')).toBe(1);
    expect(editDistance('ledgrly', 'ledgerly')).toBe(1);
    expect(editDistance('querybrd', 'querybird')).toBe(1);
    expect(editDistance('kwerybird', 'querybird')).toBe(2);
    expect(editDistance('café', 'cafe')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('makes every spelling one edit away: deletions, transpositions, substitutions, insertions', () => {
    const variants = oneEditVariants('invioce');
    for (const v of ['invoice', 'nvioce', 'invice', 'invxoce', 'invioces', 'ainvioce']) expect(variants).toContain(v);
    expect(variants).not.toContain('invioce');
    expect(new Set(variants).size).toBe(variants.length);
    for (const v of variants) expect(editDistance('invioce', v)).toBe(1);
    expect(variants.length).toBeLessThan(500);
    expect(oneEditVariants('café')).toContain('cafée'); // the word's own letters beyond a–z
    expect(oneEditVariants('ab')).toEqual(expect.arrayContaining(['a', 'b', 'ba', 'aab', 'zab', 'abz']));
    expect(oneEditVariants('x'.repeat(25))).toEqual([]); // too long: no list
  });

  it('forgives no typo below 4 letters, one up to 7, two from 8', () => {
    expect([3, 4, 7, 8, 12].map((n) => allowedEdits('x'.repeat(n)))).toEqual([0, 1, 1, 2, 2]);
  });

  it('completes only a bare last word of 3+ letters', () => {
    expect(splitPrefix('ledg')).toEqual({ head: '', prefix: 'ledg' });
    expect(splitPrefix('expense Track')).toEqual({ head: 'expense ', prefix: 'track' });
    for (const q of ['le', 'ledger ', '"expense track', 'invoice -ledg', 'invoice or ledg', 'ledg"', 'k8s'])
      expect(splitPrefix(q), q).toEqual({ head: q });
  });

  it('corrects only plain words of 4+ letters, never an exclusion, and keeps the case typed', () => {
    expect(correctableWords('Ledgrly for -invioce "podcst shows" k8s ab')).toEqual(['ledgrly', 'podcst', 'shows']);
    // A quoted phrase after "-" is excluded as a whole (websearch_to_tsquery's `-"…"`), a phrase left open too.
    expect(correctableWords('Ledgrly -"podcst shows" "budgt -tool" -"invioce')).toEqual(['ledgrly', 'budgt', 'tool']);
    expect(correctableWords('a-"podcst shows"')).toEqual(['podcst', 'shows']); // a hyphen inside a word negates nothing
    const fixes = new Map([
      ['ledgrly', 'ledgerly'],
      ['invioce', 'invoice'],
      ['podcst', 'podcast'],
    ]);
    expect(applyCorrections('Ledgrly for -invioce "podcst shows" LEDGRLY', fixes)).toBe(
      'Ledgerly for -invioce "podcast shows" LEDGERLY',
    );
  });
});
