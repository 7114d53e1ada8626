// Per-credential rate limit for /api/v1 and /mcp (docs/security.md), announced with the IETF
// RateLimit-Policy / RateLimit fields (draft-ietf-httpapi-ratelimit-headers) and refused with a
// 429 problem+json carrying Retry-After. Counted in process memory with rate-limiter-flexible
// (about 2 µs a check; a database upsert per request, ours or its Drizzle store alike, costs
// 0.6–1.2 ms on an idle machine and up to 8 ms under load here: see bench/rate-limit.ts),
// so each server process counts on its own: N processes allow up to N × API_RATE_LIMIT.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Principal } from '@/lib/auth/principal';
import { AppError } from '@/lib/errors/app-error';

const WINDOW_S = 60;
const POLICY = 'api';

/** Requests per minute per credential (API key, OAuth token), or per client IP when anonymous. */
export function apiRateLimit(): number {
  const n = Number(process.env.API_RATE_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : 300;
}

let limiter: { points: number; store: RateLimiterMemory } | undefined;
function store(): RateLimiterMemory {
  const points = apiRateLimit();
  if (limiter?.points !== points)
    limiter = { points, store: new RateLimiterMemory({ points, duration: WINDOW_S, keyPrefix: POLICY }) };
  return limiter.store;
}

export type ApiLimitHeaders = Record<string, string>;

function fields(res: RateLimiterRes, points: number): ApiLimitHeaders {
  const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
  return {
    'ratelimit-policy': `"${POLICY}";q=${points};w=${WINDOW_S}`,
    ratelimit: `"${POLICY}";r=${res.remainingPoints};t=${reset}`,
  };
}

/**
 * Counts one request of `principal` (or of `ip` when there is none; unlimited when neither is
 * known) and returns the RateLimit fields for the response; past the limit throws a 429 AppError.
 */
export async function countApiRequest(
  principal: Principal | null | undefined,
  ip: string | null,
): Promise<ApiLimitHeaders> {
  const key = principal ? `${principal.authKind}:${principal.credentialId}` : ip ? `ip:${ip}` : null;
  if (key === null) return {};
  const points = apiRateLimit();
  try {
    return fields(await store().consume(key), points);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError(
      'rate_limited',
      `Too many requests for this credential: at most ${points} a minute. Try again in ${retryAfter} s.`,
      {
        headers: { ...fields(res, points), 'retry-after': String(retryAfter) },
        extra: { retry_after: retryAfter },
      },
    );
  }
}

/** The same response with the RateLimit fields added. */
export function withApiLimitHeaders(response: Response, headers: ApiLimitHeaders): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
