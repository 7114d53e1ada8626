// Web addresses in owner text become links; nothing else does, and markup stays text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text';

const html = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text }));

describe('LinkedText', () => {
  it('links http(s) addresses, leaving sentence punctuation out', () => {
    const out = html('Read it at https://acme.example/blog/v2. Or (http://acme.example/faq)!');
    expect(out).toContain('<a href="https://acme.example/blog/v2" rel="ugc nofollow noopener"');
    expect(out).toContain('>https://acme.example/blog/v2</a>. Or (');
    expect(out).toContain('<a href="http://acme.example/faq"');
    expect(out).toContain('</a>)!');
  });

  it('links nothing else, and keeps markup as text', () => {
    const out = html('javascript:alert(1) <img src=x onerror=alert(1)> www.acme.example "https://x.example"');
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('href="https://x.example"');
    expect(html('no links here')).toBe('no links here');
  });
});
