import { describe, expect, it } from 'vitest';
import { kindOf, MAX_PAGES, pageKey, planPages } from './plan';

describe('crawl plan', () => {
  const home = 'https://acme.example.com/';
  it('picks same-site pages by value, once each, within the budget', () => {
    const links = [
      'https://acme.example.com/blog/post-1',
      'https://acme.example.com/pricing',
      'https://acme.example.com/about#team',
      'https://acme.example.com/about',
      'https://www.acme.example.com/faq',
      'https://other.example.org/about',
      'https://acme.example.com/login',
      'https://acme.example.com/brochure.pdf',
      'https://acme.example.com/team/',
      'https://acme.example.com/contact?ref=nav',
      'https://acme.example.com/blog',
      'mailto:hi@acme.example.com',
    ];
    expect(planPages(home, links)).toEqual([
      { url: 'https://acme.example.com/about', kind: 'about' },
      { url: 'https://acme.example.com/pricing', kind: 'pricing' },
      { url: 'https://www.acme.example.com/faq', kind: 'faq' },
      { url: 'https://acme.example.com/team', kind: 'team' },
      { url: 'https://acme.example.com/contact', kind: 'contact' },
      { url: 'https://acme.example.com/blog', kind: 'blog' },
      { url: 'https://acme.example.com/blog/post-1', kind: 'other' },
    ]);
  });

  it('never plans more than 20 pages including the home page', () => {
    const links = Array.from({ length: 100 }, (_, i) => `https://acme.example.com/page-${i}`);
    expect(planPages(home, links)).toHaveLength(MAX_PAGES - 1);
  });

  it('classifies and canonicalises', () => {
    expect(kindOf('https://x.example/')).toBe('home');
    expect(kindOf('https://x.example/our-team')).toBe('team');
    expect(pageKey('https://x.example/about/?a=1#b')).toBe('https://x.example/about');
  });
});
