// GET /api/v1: where a program starting at the API's root finds its description, docs and MCP server
// (it answered the site's HTML 404 page).
import { notAllowed } from '@/lib/http/route';
import { publicBaseUrl } from '@/lib/site/site';

export function GET(request: Request) {
  const base = publicBaseUrl(request.url);
  return Response.json(
    {
      name: 'Product directory API',
      version: 'v1',
      openapi: `${base}/api/v1/openapi.json`,
      docs: `${base}/docs/api`,
      mcp: `${base}/mcp`,
    },
    { headers: { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' } },
  );
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
