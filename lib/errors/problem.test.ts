// What becomes of errors that are not the service's fault.
import { describe, expect, it } from 'vitest';

describe('a request cut off by its client', () => {
  it('is a 400 without an internal-error log (bench rounds ending logged dozens)', async () => {
    const { asAppError } = await import('./problem');
    const cut = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      expect(asAppError(cut)).toMatchObject({ code: 'bad_request' });
    } finally {
      console.error = original;
    }
    expect(logged).toEqual([]);
  });
});
