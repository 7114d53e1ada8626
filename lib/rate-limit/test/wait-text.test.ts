// A 429's message says the wait as a person reads it ("Try again in 58164 s." read as a riddle).
import { describe, expect, it } from 'vitest';
import { waitText } from '../limiter';

describe('waitText', () => {
  it.each([
    [1, '1 s'],
    [89, '89 s'],
    [90, '2 minutes'],
    [600, '10 minutes'],
    [5340, '89 minutes'],
    [5400, '2 hours'],
    [58164, '17 hours'],
  ])('%i s → %s', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
