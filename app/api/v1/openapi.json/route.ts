// GET /api/v1/openapi.json: the OpenAPI 3.1 document generated from the operation registry.
import { openApiJson } from '@/lib/openapi/document';
import { publicBaseUrl } from '@/lib/site/site';
import { notAllowed } from '@/lib/http/route';

export function GET(request: Request) {
  return new Response(openApiJson(publicBaseUrl(request.url)), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=300',
    },
  });
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed('GET');
