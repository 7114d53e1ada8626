// Route files call `rest('operation_name')`; everything else happens in the shared adapter.
import { operationByName } from '@/lib/operations';
import { AppError } from '@/lib/errors/app-error';
import type { AnyOperation, HttpMethod } from '@/lib/operations/define';
import { handleRest, matchPath, type RestOptions } from './rest';
import { problemResponse } from './problem-response';

export function rest(name: string) {
  const op = operationByName(name);
  if (!op) throw new Error(`Unknown operation ${name}`);
  return (request: Request) => handleRest(op, request);
}

/** Finds the operation for a method + path among `ops` (used by the catch-all route and tests). */
export function dispatchRest(ops: AnyOperation[], request: Request, opts: RestOptions = {}): Promise<Response> {
  const { pathname } = new URL(request.url);
  let onPath: AnyOperation[];
  try {
    onPath = ops.filter((op) => matchPath(op.path, pathname));
  } catch (err) {
    return Promise.resolve(problemResponse(err)); // a malformed percent-escape: 400
  }
  const op = onPath.find((o) => o.method === (request.method as HttpMethod));
  if (op) return handleRest(op, request, opts);
  if (onPath.length > 0) {
    const allow: string[] = onPath.map((o) => o.method);
    if (allow.includes('GET')) allow.push('HEAD');
    if (request.method === 'OPTIONS')
      return Promise.resolve(new Response(null, { status: 204, headers: { allow: [...allow, 'OPTIONS'].join(', ') } }));
    return Promise.resolve(
      problemResponse(new AppError('method_not_allowed', `${request.method} is not allowed here.`), {
        allow: allow.join(', '),
      }),
    );
  }
  return Promise.resolve(
    problemResponse(
      new AppError('not_found', `No API operation at ${request.method} ${pathname}. See /api/v1/openapi.json.`),
    ),
  );
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
type Handler = (request: Request) => Response;

/**
 * The methods a route file does not serve: 405 problem+json naming the allowed ones in `Allow`
 * (Next's own 405 has neither). Route files spread it: `export const { POST, PUT, DELETE, OPTIONS } = notAllowed('GET', 'PATCH')`.
 */
export function notAllowed(
  ...allowed: ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[]
): Record<HttpMethod | 'OPTIONS', Handler> {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  const handler: Handler = (request) =>
    problemResponse(new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`), {
      allow,
    });
  // OPTIONS names what is served (Next's own lists every method a route file exports, 405s included).
  const options: Handler = () => new Response(null, { status: 204, headers: { allow: `${allow}, OPTIONS` } });
  return { ...Object.fromEntries(METHODS.map((m) => [m, handler])), OPTIONS: options } as Record<
    HttpMethod | 'OPTIONS',
    Handler
  >;
}
