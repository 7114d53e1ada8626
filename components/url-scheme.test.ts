import { describe, expect, it } from 'vitest';
import { withHttps } from './url-scheme';

describe('withHttps', () => {
  it('puts https:// before a bare domain, and leaves everything else as typed', () => {
    expect(withHttps('www.linkedin.com/company/acme-notes')).toBe('https://www.linkedin.com/company/acme-notes');
    expect(withHttps('acme.io')).toBe('https://acme.io');
    expect(withHttps(' acme.io/pricing?x=1 ')).toBe('https://acme.io/pricing?x=1');
    for (const v of ['', 'http://acme.io', 'https://acme.io', 'mailto:a@b.co', '/relative', 'not a url', 'localhost'])
      expect(withHttps(v)).toBe(v);
  });
});
