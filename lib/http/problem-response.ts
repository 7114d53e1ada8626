import { AppError } from '@/lib/errors/app-error';
import { asAppError, toProblem } from '@/lib/errors/problem';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** Any error → RFC 9457 problem+json; internal errors never show their message. */
export function problemResponse(err: unknown, headers: Record<string, string> = {}): Response {
  const appError: AppError = asAppError(err);
  return new Response(JSON.stringify(toProblem(appError)), {
    status: appError.status,
    headers: {
      'content-type': 'application/problem+json; charset=utf-8',
      'cache-control': 'no-store',
      ...appError.headers,
      ...headers,
    },
  });
}
