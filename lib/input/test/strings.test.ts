// The one string check (lib/input/strings.ts) and the server actions' use of it (lib/actions/form-check.ts).
import { describe, expect, it } from 'vitest';
import { formRefusal } from '@/lib/actions/form-check';
import { findBadInput, MAX_INPUT_DEPTH, stringProblem } from '../strings';
import { pathDecodes } from '../path';

describe('stringProblem', () => {
  it('refuses NUL and unpaired surrogates, accepts pairs, RTL marks and other controls', () => {
    expect(stringProblem('a\u0000b')).toMatch(/NUL/);
    expect(stringProblem('\ud800')).toMatch(/surrogate/);
    expect(stringProblem('x\udc00')).toMatch(/surrogate/);
    expect(stringProblem('\udc00\ud800')).toMatch(/surrogate/);
    expect(stringProblem('😀 \u202e\u200f\t')).toBeNull();
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
  });
});

describe('pathDecodes', () => {
  it('tells a malformed percent-escape from a good one', () => {
    expect(pathDecodes('/p/%E0%A4%A')).toBe(false);
    expect(pathDecodes('/c/%ZZ')).toBe(false);
    expect(pathDecodes('/p/d%C3%A9j%C3%A0')).toBe(true);
  });
});
