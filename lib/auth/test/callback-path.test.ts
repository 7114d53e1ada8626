// Where sign-in may send the user back to (docs/security.md): only this site's paths, judged the way a
// browser resolves them, so `/\t/evil.example` (a browser drops the tab: `//evil.example`) is refused.
import { describe, expect, it } from 'vitest';
import { safeCallbackPath, signInPath } from '../session';

describe('safeCallbackPath', () => {
  it('refuses every path a browser would resolve to another origin', () => {
    const offSite = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t\\evil.example',
      'https://evil.example/',
      'evil.example',
      ' /account',
      // Dot segments a browser resolves away, leaving `//evil.example`.
      '/.//evil.example/phish',
      '/..//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
      '/./\\evil.example',
    ];
    for (const path of offSite) expect(safeCallbackPath(path, '/fallback'), JSON.stringify(path)).toBe('/fallback');
  });

  it('keeps same-site paths with their query and fragment', () => {
    expect(safeCallbackPath('/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fx.example%2Fcb')).toBe(
      '/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fx.example%2Fcb',
    );
    expect(safeCallbackPath('/p/acme#updates')).toBe('/p/acme#updates');
    expect(safeCallbackPath(undefined)).toBe('/account');
  });

  it('builds sign-in links that carry only a safe path', () => {
    expect(signInPath('/\t/evil.example')).toBe('/signin?callbackUrl=%2Faccount');
  });
});
