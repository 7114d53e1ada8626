// zod's default messages reach callers in plain words; a schema's own words are kept.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainMessage } from './zod-messages';

const messageOf = (schema: z.ZodType, value: unknown) => plainMessage(schema.safeParse(value).error!.issues[0]);

describe('plain validation messages', () => {
  it('words bounds, missing values and wrong types plainly', () => {
    expect(messageOf(z.coerce.number().int().min(1), '0')).toBe('At least 1.');
    expect(messageOf(z.coerce.number().int().positive(), '0')).toBe('More than 0.');
    expect(messageOf(z.number().max(100), 101)).toBe('At most 100.');
    expect(messageOf(z.string().min(3), 'a')).toBe('At least 3 characters.');
    expect(messageOf(z.string().max(1), 'ab')).toBe('At most 1 character.');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('At least 1 item.');
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('Required.');
    expect(messageOf(z.object({ id: z.coerce.number() }), {})).toBe('Required: a number.');
    expect(messageOf(z.number().int(), 1.5)).toBe('Use a whole number.');
    expect(messageOf(z.string(), 5)).toBe('Use a string here (got number).');
    expect(messageOf(z.array(z.string()), 'x')).toBe('Use a list here (got string).');
    expect(messageOf(z.object({}), 'x')).toBe('Use an object here (got string).');
    // A union (an id or a key) said as one: it read "Invalid input".
    const idOrKey = z.object({ q: z.union([z.number().int(), z.string()]) });
    expect(messageOf(idOrKey, {})).toBe('Required.');
    expect(messageOf(idOrKey, { q: true })).toBe('Use a number or a string here.');
    // An enum: its values, plainly ("Invalid option: expected one of \"relevance\"|\"votes\"…").
    expect(messageOf(z.enum(['relevance', 'votes', 'newest']), 'bogus')).toBe('Use one of: relevance, votes, newest.');
  });

  it('names an unknown field first: the misspelt key is why its field is missing', async () => {
    const { validationError } = await import('./problem');
    const schema = z.strictObject({ question: z.union([z.number(), z.string()]), answer: z.string() });
    const err = validationError(schema.safeParse({ question_id: 1, answer: 'x' }).error!);
    expect(err.message).toBe('Invalid input at question_id: Unknown field: question_id.');
  });

  it('keeps a schema’s own message', () => {
    expect(messageOf(z.string().min(3, 'Give a name of 3 letters or more.'), 'a')).toBe(
      'Give a name of 3 letters or more.',
    );
    expect(messageOf(z.string().regex(/^\d+$/, 'Digits only.'), 'x')).toBe('Digits only.');
  });
});
