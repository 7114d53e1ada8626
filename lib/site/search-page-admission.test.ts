// Which new search pages the page cache keeps: from their second ask (the front door's side of it is
// in page-front-door.test.ts, on a real HTTP server).
import { describe, expect, it } from 'vitest';
import { keepSearchPage } from './search-page-admission';

describe('keepSearchPage', () => {
  it('is false at the first ask of a page and true from the second, page by page', () => {
    expect(keepSearchPage('page:/search?q=first+ask')).toBe(false);
    expect(keepSearchPage('page:/search?q=another+ask')).toBe(false);
    expect(keepSearchPage('page:/search?q=first+ask')).toBe(true);
    expect(keepSearchPage('page:/search?q=first+ask')).toBe(true);
    expect(keepSearchPage('page:/search?q=another+ask')).toBe(true);
  });

  it('forgets the oldest asks first once it holds its most characters (keys of any length cannot grow it)', () => {
    const long = (i: number) => `page:/search?q=x&padding=${String(i).padStart(10_000, '0')}`;
    expect(keepSearchPage('page:/search?q=asked+long+ago')).toBe(false);
    for (let i = 0; i < 500; i++) keepSearchPage(long(i)); // 5 MB of keys: more than it keeps
    expect(keepSearchPage('page:/search?q=asked+long+ago')).toBe(false); // forgotten: a first ask again
    expect(keepSearchPage(long(499))).toBe(true); // the latest are kept
  });
});
