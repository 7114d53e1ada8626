// The evidence guard's case table (guard-cases.ts): every invented value is dropped, every
// faithful value is kept, in English and German.
import { describe, expect, it } from 'vitest';
import { GUARD_CASES } from './guard-cases';
import { caseKept, caseName } from './run-guard-case';

describe('evidence guard case table', () => {
  it('has at least 60 cases in both directions and both languages', () => {
    expect(GUARD_CASES.length).toBeGreaterThanOrEqual(60);
    for (const lang of ['en', 'de'] as const)
      for (const expected of ['kept', 'dropped'] as const)
        expect(GUARD_CASES.some((c) => c.lang === lang && c.expected === expected)).toBe(true);
  });

  for (const c of GUARD_CASES) {
    it(caseName(c), () => {
      expect(caseKept(c)).toBe(c.expected === 'kept');
    });
  }
});
