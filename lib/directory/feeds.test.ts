// RSS descriptions carry owner text; readers render descriptions as HTML, so the text is escaped
// (docs/security.md): markup an owner typed shows as characters and never becomes an element.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { launchesRss, updatesRss } from './feeds';

const BASE = 'https://directory.test';
const EVIL = '<img src=x onerror=alert(1)> <a href="https://evil.example">click</a> & ]]> end';

/** The description (or the title) as a feed reader gets it (CDATA unwrapped), parsed as the HTML it renders. */
function renderedDescription(xml: string, part = 'description') {
  const $ = cheerio.load(xml, { xml: true });
  const html = $(`item > ${part}`).first().text();
  const $html = cheerio.load(html);
  return { html, elements: $html('body *').length, text: $html('body').text() };
}

describe('feed descriptions', () => {
  it('escape owner text in launch summaries', () => {
    const item = {
      slug: 'acme',
      name: 'Acme',
      headline: 'Rockets',
      summary: EVIL,
      launchedAt: new Date(),
      createdAt: new Date(),
      launchWeek: null,
      date: new Date().toISOString(),
    };
    const d = renderedDescription(launchesRss(BASE, [item]));
    expect(d.elements).toBe(0);
    expect(d.text).toBe(EVIL);
  });

  it('escape owner text in update bodies', () => {
    const item = {
      id: 1,
      title: 'Shipped',
      body: EVIL,
      createdAt: new Date().toISOString(),
      listing: { slug: 'acme', name: 'Acme', logoUrl: null },
    };
    const d = renderedDescription(updatesRss(BASE, [item]));
    expect(d.elements).toBe(0);
    expect(d.text).toBe(EVIL);
  });

  it('escape owner text in titles too (an update titled <img onerror> went in as markup)', () => {
    const update = {
      id: 1,
      title: EVIL,
      body: 'Body',
      createdAt: new Date().toISOString(),
      listing: { slug: 'acme', name: 'Acme', logoUrl: null },
    };
    const t = renderedDescription(updatesRss(BASE, [update]), 'title');
    expect(t.elements).toBe(0);
    expect(t.text).toBe(`Acme: ${EVIL}`);
    const launch = {
      slug: 'acme',
      name: 'Acme & Co',
      headline: EVIL,
      summary: 'S',
      launchedAt: new Date(),
      createdAt: new Date(),
      launchWeek: null,
      date: new Date().toISOString(),
    };
    const l = renderedDescription(launchesRss(BASE, [launch]), 'title');
    expect(l.elements).toBe(0);
    expect(l.text).toBe(`Acme & Co: ${EVIL}`);
  });
});
