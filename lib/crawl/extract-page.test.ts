import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page';
import { platformOf } from './socials';

const fixture = (site: string, file: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/sites', site, file), 'utf8');
const base = 'https://acme.example.com';

describe('extractPage', () => {
  it('reads meta, OpenGraph, JSON-LD, links, images and visible text', () => {
    const p = extractPage(fixture('acme', 'index.html'), `${base}/`);
    expect(p.title).toBe('Acme Notes | Meeting notes that write themselves');
    expect(p.meta).toMatchObject({
      ogSiteName: 'Acme Notes',
      ogTitle: 'Meeting notes that write themselves',
      ogImage: `${base}/img/og.png`,
    });
    expect(p.jsonld.map((n) => n['@type'])).toEqual(['Organization', 'SoftwareApplication']);
    expect(p.urls).toEqual(
      expect.arrayContaining([
        `${base}/img/logo.png`,
        'https://x.com/acmenotes',
        'mailto:hello@acme.test',
        `${base}/img/apple-touch-icon.png`,
      ]),
    );
    expect(p.emails).toContain('hello@acme.test');
    expect(p.text).toContain('Meeting notes that write themselves\nAcme Notes records your meetings');
    expect(p.text).not.toContain('application/ld+json');
    expect(p.text).not.toContain('display:none');
  });

  it('finds FAQs from JSON-LD, <details> and question headings', () => {
    const p = extractPage(fixture('acme', 'faq.html'), `${base}/faq`);
    expect(p.faqs.map((f) => f.question)).toEqual([
      'Which meeting tools does Acme Notes support?',
      'Is my data used to train AI models?',
      'Can I cancel at any time?',
      'Do you offer discounts for nonprofits?',
    ]);
    expect(p.faqs[3].answer).toBe('Yes, nonprofits get 50% off the Pro plan.');
  });

  it('finds people with role, photo, bio and links on a team page', () => {
    const p = extractPage(fixture('acme', 'team.html'), `${base}/team`);
    expect(p.people[0]).toEqual({
      name: 'Maria Santos',
      role: 'Co-founder & CEO',
      photo: `${base}/img/maria.jpg`,
      bio: 'Maria led product at two SaaS startups before starting Acme Notes in Lisbon.',
      socials: { linkedin: 'https://www.linkedin.com/in/maria-santos-acme', x: 'https://x.com/mariasantos' },
    });
    expect(p.people.map((x) => x.name)).toEqual(['Maria Santos', 'Tom Becker']);
  });

  it('leaves hidden text and instructions aimed at an AI out of the corpus', () => {
    const p = extractPage(fixture('injection', 'index.html'), `${base}/`);
    expect(p.text).toContain('Quietly was founded in 2021.');
    expect(p.text).not.toMatch(/Ignore all previous|developer mode|Evil Person|disregard your rules/);
  });

  it('maps social links to the spec platform keys and ignores share buttons', () => {
    expect(platformOf('https://twitter.com/acme')).toBe('x');
    expect(platformOf('https://www.producthunt.com/products/acme')).toBe('producthunt');
    expect(platformOf('https://acme.medium.com/hello')).toBe('medium');
    expect(platformOf('https://www.threads.net/@acme')).toBe('threads');
    expect(platformOf('https://twitter.com/intent/tweet?url=x')).toBeNull();
    expect(platformOf('https://www.facebook.com/sharer/sharer.php?u=x')).toBeNull();
    expect(platformOf('https://github.com/')).toBeNull();
  });
});
