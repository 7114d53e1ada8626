// The API reference page lists every operation of the OpenAPI document, and every in-page link
// (table of contents, $ref types) points at an element that exists.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/operations';
import ApiDocsPage from './page';

describe('/docs/api', () => {
  const html = renderToStaticMarkup(createElement(ApiDocsPage));
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

  it('has a section for every operation, with its method and path', () => {
    expect(operations.length).toBeGreaterThan(5);
    for (const op of operations) {
      expect(ids.has(op.name), op.name).toBe(true);
      expect(html).toContain(`>${op.method.toLowerCase()}</span>`);
      expect(html).toContain(`>${op.summary}</h3>`);
    }
    expect(html).toContain('>Draft</h3>'); // component schemas are shown too
  });

  it('has no broken in-page link and no script', () => {
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(operations.length);
    expect(targets.filter((t) => !ids.has(t))).toEqual([]);
    expect(html).not.toContain('<script');
  });
});
