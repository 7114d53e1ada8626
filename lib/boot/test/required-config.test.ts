// Issue 12 item 1: a production server without APP_URL refuses to boot, with a message naming it.
import { describe, expect, it } from 'vitest';
import { assertRequiredConfig } from '@/lib/site/required-config';

describe('required production config', () => {
  it('refuses production without APP_URL, naming the setting', () => {
    expect(() => assertRequiredConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL is not set/);
    expect(() => assertRequiredConfig({ NODE_ENV: 'production', APP_URL: 'not a url' })).toThrow(
      /APP_URL is not a URL/,
    );
    expect(() => assertRequiredConfig({ NODE_ENV: 'production', APP_URL: 'ftp://x.example' })).toThrow(/http\(s\)/);
  });

  it('accepts production with APP_URL, and development without it', () => {
    expect(() => assertRequiredConfig({ NODE_ENV: 'production', APP_URL: 'https://directory.example' })).not.toThrow();
    expect(() => assertRequiredConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertRequiredConfig({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' })).not.toThrow(); // next build
  });
});
