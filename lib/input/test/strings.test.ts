// The one string check (lib/input/strings.ts) and the server actions' use of it (lib/actions/form-check.ts).
import { describe, expect, it } from 'vitest';
import { formRefusal } from '@/lib/actions/form-check';
import { blankIfInvisible, findBadInput, MAX_INPUT_DEPTH, stringProblem, withInvisibleBlanked } from '../strings';
import { pathDecodes } from '../path';

describe('stringProblem', () => {
  it('refuses NUL and unpaired surrogates, accepts pairs and RTL marks', () => {
    expect(stringProblem('a\u0000b')).toMatch(/NUL/);
    expect(stringProblem('\ud800')).toMatch(/surrogate/);
    expect(stringProblem('x\udc00')).toMatch(/surrogate/);
    expect(stringProblem('\udc00\ud800')).toMatch(/surrogate/);
    expect(stringProblem('😀 \u200e\u200f\t')).toBeNull();
  });

  it('refuses text direction overrides and isolates (a title "\u202egnp.exe" read as exe.png)', () => {
    expect(stringProblem('\u202egnp.exe hello')).toBe('must not contain a text direction override (U+202E).');
    for (const c of ['\u202a', '\u202d', '\u2066', '\u2069']) expect(stringProblem(`a${c}b`)).toMatch(/direction/);
  });

  it('refuses control characters but tab and line breaks', () => {
    expect(stringProblem('a\u0007b')).toBe('must not contain a control character (U+0007).');
    expect(stringProblem('x\u007f')).toMatch(/U\+007F/);
    expect(stringProblem('x\u0085')).toMatch(/U\+0085/);
    expect(stringProblem('line\r\nnext\tcol')).toBeNull();
  });
});

describe('blankIfInvisible', () => {
  it('reads text that shows nothing as empty, and keeps everything else as sent', () => {
    for (const s of ['\u200b', ' \u200b\u200d ', '\ufeff', '\u202e', '\u3164', '\u00a0\n', '\u0301\u0301\u0301'])
      expect(blankIfInvisible(s)).toBe('');
    for (const s of ['', 'a', '\u200bAcme', '  x  ', '😀', '\u05d0', 'e\u0301']) expect(blankIfInvisible(s)).toBe(s);
    expect(withInvisibleBlanked({ a: ['\u200b', 'b'], n: 1, z: null, o: { t: '\u2060' } })).toEqual({
      a: ['', 'b'],
      n: 1,
      z: null,
      o: { t: '' },
    });
  });
});

describe('findBadInput', () => {
  it('names the dotted path of the first bad value or key', () => {
    expect(findBadInput({ a: [1, 'ok', { b: 'x\u0000' }] })?.path).toBe('a.2.b');
    expect(findBadInput({ a: { 'k\ud800': 1 } })).toMatchObject({
      path: 'a',
      message: expect.stringContaining('field name'),
    });
    expect(findBadInput({ a: 'fine', n: 1e308, z: null })).toBeNull();
  });

  it('refuses a field named __proto__ as JSON.parse makes it, at any depth', () => {
    expect(findBadInput(JSON.parse('{"items":[{"product":"x","__proto__":{"a":1}}]}'))).toMatchObject({
      path: 'items.0.__proto__',
      message: expect.stringContaining('__proto__'),
    });
    expect(findBadInput({ proto: 1, constructor: 'x' })).toBeNull();
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadInput(deep)?.message).toContain(`${MAX_INPUT_DEPTH} levels`);
  });
});

describe('formRefusal', () => {
  it('names the form field holding a bad string', () => {
    const fd = new FormData();
    fd.set('name', 'ok');
    fd.set('headline', 'a\u0000b');
    expect(formRefusal(fd)).toMatchObject({
      status: 'error',
      fieldErrors: { headline: expect.stringContaining('NUL') },
    });
    const clean = new FormData();
    clean.set('name', 'ok');
    expect(formRefusal(clean)).toBeNull();
    // A value that shows nothing is blanked in place, as the API reads it; order and repeats are kept.
    const invisible = new FormData();
    invisible.append('categories', 'ai');
    invisible.append('title', '\u200b');
    invisible.append('categories', 'design');
    expect(formRefusal(invisible)).toBeNull();
    expect(invisible.get('title')).toBe('');
    expect(invisible.getAll('categories')).toEqual(['ai', 'design']);
  });
});

describe('pathDecodes', () => {
  it('tells a malformed percent-escape from a good one', () => {
    expect(pathDecodes('/p/%E0%A4%A')).toBe(false);
    expect(pathDecodes('/c/%ZZ')).toBe(false);
    expect(pathDecodes('/p/d%C3%A9j%C3%A0')).toBe(true);
  });
});
