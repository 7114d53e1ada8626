// zod's own messages in plain words ("Too small: expected number to be >=1" → "At least 1."), for
// the fields an operation's schema did not word itself. A schema's own message is kept as written.
import type { z } from 'zod';

const count = (n: unknown, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

function bound(issue: { origin?: string; inclusive?: boolean }, n: unknown, least: boolean): string {
  const word = least
    ? issue.inclusive === false
      ? 'More than'
      : 'At least'
    : issue.inclusive === false
      ? 'Less than'
      : 'At most';
  if (issue.origin === 'string') return `${word} ${count(n, 'character', 'characters')}.`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${word} ${count(n, 'item', 'items')}.`;
  return `${word} ${n}.`;
}

export function plainMessage(issue: z.core.$ZodIssue): string {
  const m = issue.message;
  if (issue.code === 'too_small' && m.startsWith('Too small:')) return bound(issue, issue.minimum, true);
  if (issue.code === 'too_big' && m.startsWith('Too big:')) return bound(issue, issue.maximum, false);
  if (issue.code === 'invalid_type' && m.startsWith('Invalid input: expected')) {
    const received = /received (\w+)/.exec(m)?.[1];
    if (received === 'undefined') return 'Required.';
    // A number read from text (a path, a query, an id given as a string) that is missing or not one.
    if (received === 'NaN') return 'Required: a number.';
    if (issue.expected === 'int') return 'Use a whole number.';
    const expected = issue.expected === 'array' ? 'list' : String(issue.expected);
    return `Use ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected} here${received ? ` (got ${received})` : ''}.`;
  }
  if (issue.code === 'invalid_value' && m.startsWith('Invalid option') && issue.values.length) {
    const values = issue.values.map((v) => String(v));
    return `Use one of: ${values.join(', ')}.`;
  }
  if (issue.code === 'invalid_union' && m === 'Invalid input') {
    // "a number or a string": each branch refused the value for its type (or it is missing).
    const firsts = (issue.errors ?? []).map((branch) => branch[0]).filter((f) => f !== undefined);
    if (firsts.length && firsts.every((f) => f.code === 'invalid_type')) {
      if (firsts.every((f) => /received undefined/.test(f.message))) return 'Required.';
      const types = [...new Set(firsts.map((f) => (f.code === 'invalid_type' ? String(f.expected) : '')))];
      return `Use ${types.map((t) => `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`).join(' or ')} here.`;
    }
  }
  return m;
}
