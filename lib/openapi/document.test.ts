import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/operations';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { GET } from '@/app/api/v1/openapi.json/route';
import { INSTRUCTIONS } from '@/lib/mcp/server';

await useTestDatabase({ seed: false });
await useApp();

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per registry entry', async () => {
    const res = GET(new Request('http://localhost:3000/api/v1/openapi.json'));
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ids: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { operationId: string }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const reg = operations.find((o) => o.name === op.operationId)!;
        expect(reg, op.operationId).toBeDefined();
        expect(reg.path).toBe(path);
        expect(reg.method.toLowerCase()).toBe(method);
        ids.push(op.operationId);
      }
    }
    expect(ids.sort()).toEqual(operations.map((o) => o.name).sort());
  });

  it('declares the security schemes, scopes and the problem schema', async () => {
    const doc = await GET(new Request('http://localhost:3000/api/v1/openapi.json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).sort()).toEqual([
      'account:read',
      'listings:write',
      'orders:write',
    ]);
    expect(doc.components.schemas.Problem.properties).toHaveProperty('status');
    const me = doc.paths['/me'].get;
    expect(me.security).toEqual([{ apiKey: [] }, { oauth2: ['account:read'] }]);
    expect(me.responses['401'].content).toHaveProperty('application/problem+json');
    const search = doc.paths['/listings'].get;
    expect(search.security).toEqual([]);
    // Public, yet a credential sent that is not valid is refused: the 401 is documented there too.
    expect(search.responses['401'].description).toMatch(/^A credential was sent and is not valid/);
    expect(search.responses).not.toHaveProperty('403');
    const perPage = search.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage).toMatchObject({ in: 'query' });
    expect(perPage.schema.maximum).toBe(100);
  });

  it('documents Idempotency-Key on Idem operations', async () => {
    const doc = await GET(new Request('http://localhost:3000/api/v1/openapi.json')).json();
    for (const op of operations.filter((o) => o.idempotent)) {
      const entry = doc.paths[op.path][op.method.toLowerCase()];
      expect(
        entry.parameters.some((p: { name: string; in: string }) => p.name === 'Idempotency-Key' && p.in === 'header'),
        op.name,
      ).toBe(true);
    }
  });

  it("lists the refusals an order answers: 404 for another account's listing, 409 for one bought already", async () => {
    const doc = await GET(new Request('http://localhost:3000/api/v1/openapi.json')).json();
    for (const path of ['/orders/quote', '/orders/checkout']) {
      const { responses } = doc.paths[path].post;
      expect(responses['404'].description, path).toContain('not one of your listings');
      expect(responses['409'].description, path).toContain('listing_state');
    }
    expect(doc.paths['/orders/checkout'].post.responses['409'].description).toContain('Idempotency-Key');
  });

  it('documents Location on the 201s that create something a GET reads back', async () => {
    const doc = await GET(new Request('http://localhost:3000/api/v1/openapi.json')).json();
    expect(doc.paths['/drafts'].post.responses['201'].headers.Location.schema).toMatchObject({ format: 'uri' });
    expect(doc.paths['/orders/checkout'].post.responses['201'].headers).toHaveProperty('Location');
    expect(doc.paths['/orders/quote'].post.responses['200'].headers).toBeUndefined();
  });

  it('tells clients only about operations that exist', async () => {
    const doc = await GET(new Request('http://localhost:3000/api/v1/openapi.json')).json();
    const names = new Set(operations.map((o) => o.name));
    for (const text of [doc.info.description as string, INSTRUCTIONS]) {
      const mentioned = text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [];
      for (const name of mentioned) expect(names, name).toContain(name);
      expect(text).not.toMatch(/checkout|payment/i);
    }
    expect(doc.tags.every((t: { description?: string }) => Boolean(t.description))).toBe(true);
  });
});
