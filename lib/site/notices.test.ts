// Query-string notices show fixed texts for known codes and nothing else (docs/security.md): a link
// like /p/acme?notice=Your+account+is+locked... cannot put words of its own on the site.
import { describe, expect, it } from 'vitest';
import { productNoticeFor, productNoticeText, submitErrorFor, submitErrorText } from './notices';

describe('query-string notices', () => {
  it('show nothing for free text or unknown codes', () => {
    for (const code of [
      'ACTION REQUIRED: verify your account at https://evil.example/login',
      'toString',
      '__proto__',
      'constructor',
      '',
      undefined,
      ['rate_limited'],
    ]) {
      expect(productNoticeText(code)).toBeNull();
      expect(submitErrorText(code)).toBeNull();
    }
  });

  it('show a fixed text for each code the actions send', () => {
    for (const code of ['rate_limited', 'unprocessable', 'not_found', 'internal'] as const)
      expect(productNoticeText(productNoticeFor(code))).toMatch(/\w/);
    for (const code of ['validation_failed', 'blocked_address', 'rate_limited', undefined] as const)
      expect(submitErrorText(submitErrorFor(code))).toMatch(/\w/);
    expect(productNoticeText(productNoticeFor('rate_limited'))).toContain('Wait a minute');
  });
});
