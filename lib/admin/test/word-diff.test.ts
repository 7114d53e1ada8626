// The site team's word diff: both texts can be read back from it, and a changed word shows as one
// removed and one added run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideOf, wordDiff, type DiffPart } from '../word-diff';

const join = (parts: DiffPart[]) => parts.map((p) => p.text).join('');

describe('wordDiff', () => {
  it('marks a changed word as removed then added, the rest the same', () => {
    expect(wordDiff('Invoicing for freelancers', 'Invoicing for small teams')).toEqual([
      { kind: 'same', text: 'Invoicing for ' },
      { kind: 'removed', text: 'freelancers' },
      { kind: 'added', text: 'small teams' },
    ]);
  });

  it('keeps a replacement of several words as one block', () => {
    expect(wordDiff('a b c d', 'a x c y d')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: ' c' },
      { kind: 'added', text: ' y' },
      { kind: 'same', text: ' d' },
    ]);
    expect(wordDiff('one two three', 'uno dos three')).toEqual([
      { kind: 'removed', text: 'one two' },
      { kind: 'added', text: 'uno dos' },
      { kind: 'same', text: ' three' },
    ]);
  });

  it('handles empty sides and equal texts', () => {
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });

  it('gives back both texts exactly (property)', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'dog', 'cat', ' ', '  ', '\n');
    const text = fc.array(word, { maxLength: 30 }).map((w) => w.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const parts = wordDiff(before, after);
        expect(join(sideOf(parts, 'before'))).toBe(before);
        expect(join(sideOf(parts, 'after'))).toBe(after);
        for (const p of parts) expect(p.text).not.toBe('');
      }),
    );
  });

  it('a very long rewrite is shown as replaced rather than computed word by word', () => {
    const long = (w: string) => Array.from({ length: 3000 }, (_, i) => `${w}${i}`).join(' ');
    const parts = wordDiff(long('x'), long('y'));
    expect(parts.map((p) => p.kind)).toEqual(['removed', 'added']);
  });
});
