import { describe, expect, it } from 'vitest';
import { sentByAnotherSite } from './cross-site';

const own = ['http://localhost:3000', 'https://directory.example'];
const sent = (h: Record<string, string>) => sentByAnotherSite(new Headers(h), own);

describe('sentByAnotherSite', () => {
  it('trusts Sec-Fetch-Site when the browser sends it', () => {
    expect(sent({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(sent({ 'sec-fetch-site': 'none' })).toBe(false);
    expect(sent({ 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(sent({ 'sec-fetch-site': 'same-site', origin: 'https://sub.directory.example' })).toBe(true);
  });

  it('else asks the Origin to be one of ours; no Origin is no browser page', () => {
    expect(sent({ origin: 'https://directory.example' })).toBe(false);
    expect(sent({ origin: 'http://evil.example' })).toBe(true);
    expect(sent({ origin: 'null' })).toBe(true);
    expect(sent({})).toBe(false);
  });
});
