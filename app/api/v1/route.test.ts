// The API's root names where its description, docs and MCP server are; other methods get problem+json.
import { describe, expect, it } from 'vitest';
import { GET, POST } from './route';

describe('GET /api/v1', () => {
  it('answers JSON linking the OpenAPI document, the docs and the MCP server', async () => {
    const res = GET(new Request('http://localhost:3000/api/v1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ version: 'v1' });
    for (const key of ['openapi', 'docs', 'mcp']) expect(new URL(body[key]).pathname).not.toBe('/');
    expect(new URL(body.openapi).pathname).toBe('/api/v1/openapi.json');
    expect(new URL(body.mcp).pathname).toBe('/mcp');
  });

  it('refuses other methods with a problem+json 405 naming GET', async () => {
    const res = POST(new Request('http://localhost:3000/api/v1', { method: 'POST' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
