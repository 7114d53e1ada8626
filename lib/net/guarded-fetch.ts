// The one fetcher for user-given URLs (crawler, badge checks, OAuth client metadata documents).
// docs/decisions.md#server-side-fetches: http/https on ports 80/443 only, every resolved address checked at connect time,
// every redirect re-checked, at most 5 redirects, connect and total time limits, streamed size cap.
import { Agent, request } from 'undici';
import { BlockedAddressError, guardedConnector } from './guarded-connect';
import { isAllowListed } from './address-rules';
import { GuardedFetchError } from './fetch-error';

export { GuardedFetchError, isGuardedFetchError, type FetchFailure } from './fetch-error';

export const DEFAULT_USER_AGENT = 'ProductDirectoryBot/1.0 (+https://productdirectory.example/bot)';
export const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export type GuardedFetchOptions = {
  /** Streamed body cap in bytes (default 5 MB). Larger bodies fail with too_large. */
  maxBytes?: number;
  /** Total time for all redirects and the body (default 15 s). */
  timeoutMs?: number;
  /** Time to open one connection (default 5 s). */
  connectTimeoutMs?: number;
  /** Redirects to follow (default 5, at most 5); 0 returns the 3xx response itself. */
  maxRedirects?: number;
  accept?: string;
  userAgent?: string;
  /** Media types accepted for 2xx answers (e.g. HTML_TYPES); others fail with not_html. */
  allowedContentTypes?: string[];
  signal?: AbortSignal;
  /** Keep the first maxBytes and stop reading instead of failing with too_large (robots.txt). */
  truncate?: boolean;
};

export type GuardedResponse = {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Media type without parameters, lower case ('' when absent). */
  contentType: string;
  body: Buffer;
  /** Body decoded with the charset of the content type (UTF-8 by default). */
  text: () => string;
  /** URLs redirected from, in order. */
  redirects: string[];
};

const MAX_REDIRECTS = 5;
const agents = new Map<number, Agent>();

function agentFor(connectTimeoutMs: number): Agent {
  let agent = agents.get(connectTimeoutMs);
  if (!agent) {
    agent = new Agent({ connect: guardedConnector(connectTimeoutMs), keepAliveTimeout: 4_000, connections: 16 });
    agents.set(connectTimeoutMs, agent);
  }
  return agent;
}

/** Checks scheme and port of a URL before any connection is attempted. */
export function assertFetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedFetchError('bad_url', 'Not a valid URL.', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new GuardedFetchError('bad_url', 'Only http and https URLs can be fetched.', raw);
  if (url.username || url.password)
    throw new GuardedFetchError('bad_url', 'URLs with credentials are not fetched.', raw);
  if (url.port && url.port !== '80' && url.port !== '443' && !isAllowListed(url.hostname)) {
    throw new GuardedFetchError('blocked_address', 'Only the standard web ports 80 and 443 can be fetched.', raw);
  }
  return url;
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function decode(body: Buffer, contentTypeHeader: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentTypeHeader)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function classify(err: unknown, url: string, totalSignal: AbortSignal): GuardedFetchError {
  if (err instanceof GuardedFetchError) return err;
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof BlockedAddressError)
      return new GuardedFetchError('blocked_address', e.message, url, { cause: err });
    const code = (e as { code?: string }).code;
    if (
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'ETIMEDOUT'
    ) {
      return new GuardedFetchError('timeout', 'The site took too long to answer.', url, { cause: err });
    }
  }
  if (totalSignal.aborted)
    return new GuardedFetchError('timeout', 'The site took too long to answer.', url, { cause: err });
  return new GuardedFetchError('unreachable', 'The site could not be reached.', url, { cause: err });
}

async function readCapped(
  body: AsyncIterable<Buffer>,
  maxBytes: number,
  url: string,
  destroy: () => void,
  truncate = false,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      destroy();
      if (truncate) {
        chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
        return Buffer.concat(chunks);
      }
      throw new GuardedFetchError('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KiB.`, url);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function guardedFetch(rawUrl: string, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = Math.min(opts.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const total = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([total, opts.signal]) : total;
  const dispatcher = agentFor(opts.connectTimeoutMs ?? 5_000);
  const redirects: string[] = [];
  let current = assertFetchableUrl(rawUrl).toString();

  for (;;) {
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(current, {
        method: 'GET',
        dispatcher,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: {
          'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT,
          accept: opts.accept ?? '*/*',
          'accept-encoding': 'identity',
        },
      });
    } catch (err) {
      throw classify(err, current, total);
    }
    // The total-time signal may fire after this body is finished or dropped; that must not throw.
    res.body.on('error', () => {});
    const headers = flatHeaders(res.headers);
    const location = headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && location && maxRedirects > 0) {
      res.body.destroy();
      if (redirects.length >= maxRedirects)
        throw new GuardedFetchError('too_many_redirects', `More than ${maxRedirects} redirects.`, current);
      redirects.push(current);
      current = assertFetchableUrl(new URL(location, current).toString()).toString();
      continue;
    }
    const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (opts.allowedContentTypes && res.statusCode < 300 && !opts.allowedContentTypes.includes(contentType)) {
      res.body.destroy();
      throw new GuardedFetchError(
        'not_html',
        `The page is ${contentType || 'of unknown type'}, not a web page.`,
        current,
      );
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes && !opts.truncate) {
      res.body.destroy();
      throw new GuardedFetchError('too_large', `The page is larger than ${Math.round(maxBytes / 1024)} KiB.`, current);
    }
    let body: Buffer;
    try {
      body = await readCapped(
        res.body as AsyncIterable<Buffer>,
        maxBytes,
        current,
        () => res.body.destroy(),
        opts.truncate,
      );
    } catch (err) {
      throw classify(err, current, total);
    }
    const ctHeader = headers['content-type'] ?? '';
    return {
      url: current,
      status: res.statusCode,
      headers,
      contentType,
      body,
      text: () => decode(body, ctHeader),
      redirects,
    };
  }
}
