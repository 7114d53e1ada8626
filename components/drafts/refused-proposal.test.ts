// Rendering check of the refused proposal under a field: shown (folded) for a blank or drafted
// field, with what was proposed and why; not shown once the founder typed their own value.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeProposal, RefusedProposal } from './refused-proposal';

const refused = { value: '$120 per user per month', reason: "'$120' is not on the site; the site says '$12'." };
const html = (state: 'not_found' | 'ai' | 'edited' | 'manual', r: typeof refused | null = refused) =>
  renderToStaticMarkup(createElement(RefusedProposal, { refused: r, state, id: 'pricing' }));

describe('RefusedProposal', () => {
  it('folds away what was proposed and why it was refused', () => {
    const out = html('not_found');
    expect(out).toMatch(/^<details[^>]*data-testid="refused-pricing"/);
    expect(out).not.toContain(' open');
    expect(out).toContain('The AI proposed a value your site doesn’t say');
    expect(out).toContain('$120 per user per month');
    expect(out).toContain('Why it was left out: &#x27;$120&#x27; is not on the site; the site says &#x27;$12&#x27;.');
    expect(html('ai')).toContain('Also proposed, but left out');
  });

  it('shows nothing without a refusal or once the founder wrote the value', () => {
    expect(html('not_found', null)).toBe('');
    expect(html('edited')).toBe('');
    expect(html('manual')).toBe('');
  });

  it('describes section proposals item by item', () => {
    expect(
      describeProposal([
        { question: 'Is it HIPAA certified?', answer: 'Yes.' },
        { question: 'Tools?', answer: 'Webex.' },
      ]),
    ).toBe('Is it HIPAA certified? Yes.; Tools? Webex.');
    expect(describeProposal([{ date: '2024-03-15', title: 'Launched 2.0', description: null, url: null }])).toBe(
      '2024-03-15: Launched 2.0',
    );
    expect(describeProposal({ title: 'Best notes', keywords: ['blockchain', 'crypto'] })).toBe(
      'Best notes — blockchain; crypto',
    );
    expect(describeProposal(['Finance', 'Astrology'])).toBe('Finance; Astrology');
  });
});
