import { describe, expect, it } from 'vitest';
import { buildCorpus, checkName, checkProse, normalize, quoteFound, supports } from './evidence';
import { checkDate } from './evidence-dates';

const corpus = buildCorpus([
  {
    url: 'https://a.example/about',
    text: 'We’re a team of 14 people — based in Lisbon.\nFounded in 2019.\nＡｃｍｅ   Notes  “rocks”',
    urls: ['https://x.com/acme', 'mailto:hi@a.example'],
  },
]);

describe('evidence guard', () => {
  it('normalises NFKC, case, whitespace, quotes and dashes', () => {
    expect(normalize('  “Acme”\u00a0— ﬁne  ')).toBe('"acme" - fine');
  });

  it.each([
    ["We're a team of 14 people - based in Lisbon.", true],
    ['acme notes "rocks"', true],
    ['FOUNDED IN 2019', true],
    ['Founded in 2018.', false],
    ['a team of 40 people', false],
    ['x', false],
  ])('quote %s found: %s', (quote, found) => {
    expect(quoteFound(corpus, { quote, url: 'https://a.example/about' })).toBe(found);
  });

  it('checks the quote on its own page and accepts addresses on the page for URL values', () => {
    expect(quoteFound(corpus, { quote: 'Founded in 2019.', url: 'https://a.example/other' })).toBe(false);
    expect(quoteFound(corpus, { quote: 'https://x.com/acme', url: 'https://a.example/about' })).toBe(true);
    expect(quoteFound(corpus, { quote: 'https://x.com/evil', url: 'https://a.example/about' })).toBe(false);
  });

  it('needs the quotes to support the value', () => {
    expect(supports('2019', ['Founded in 2019.'])).toBe(true);
    expect(supports('2015', ['Founded in 2019.'])).toBe(false);
    expect(supports('Lisbon', ['based in Lisbon'])).toBe(true);
    expect(supports('San Francisco', ['based in Lisbon'])).toBe(false);
    expect(
      supports('A team of 14 people based in Lisbon, Portugal', [
        "We're a team of 14 people based in Lisbon, Portugal.",
      ]),
    ).toBe(true);
    expect(
      supports('Backed by Sequoia and used by NASA every single day', ['We are a team of 14 people based in Lisbon.']),
    ).toBe(false);
  });
});

describe('evidence guard reasons', () => {
  it('names the misquoted token and what the site says', () => {
    expect(checkProse('$120 per user per month', ['$12 per user per month, billed yearly'])).toEqual({
      ok: false,
      reason: "'$120' is not on the site; the site says '$12'.",
    });
    expect(checkName('Maria Tam', ['Maria Tamm, CEO'])).toEqual({
      ok: false,
      reason: "'Tam' is not on the site; the site says 'Tamm'.",
    });
    expect(checkDate('2024-03-15', ['Launched 2.0', 'March 12, 2024', 'June 1, 2023'])).toEqual({
      ok: false,
      reason: "The date 2024-03-15 is not in its quotes from the site; they say 'March 12, 2024'.",
    });
    expect(checkProse('Acme does not store recordings.', ['Acme stores recordings.'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('says the opposite of the site'),
    });
  });

  it('finds quotes only on token boundaries', () => {
    const c = buildCorpus([{ url: 'https://a.example/', text: 'Pro: $19.99 per month for 14 people', urls: [] }]);
    expect(quoteFound(c, { quote: '9.99 per month', url: 'https://a.example/' })).toBe(false);
    expect(quoteFound(c, { quote: '$19', url: 'https://a.example/' })).toBe(false);
    expect(quoteFound(c, { quote: '4 people', url: 'https://a.example/' })).toBe(false);
    expect(quoteFound(c, { quote: '$19.99 per month', url: 'https://a.example/' })).toBe(true);
    expect(quoteFound(c, { quote: '14 people', url: 'https://a.example/' })).toBe(true);
  });
});
