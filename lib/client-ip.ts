// The client's IP address, once, for every rate limit. It is the TCP peer (stamped by the server
// preload scripts/socket-address.mjs), or — behind TRUST_PROXY=n reverse proxies — the hop the
// outermost trusted proxy appended to X-Forwarded-For. The caller's own claims are never used.
import { isIP } from 'node:net';

/** Same names as scripts/socket-address.mjs (a test checks they match). */
export const SOCKET_ADDRESS_HEADER = 'x-directory-socket-address';
const STAMPED = Symbol.for('product-directory.socket-address-stamped');

/** How many reverse proxies in front of the server append to X-Forwarded-For (0: none, trust no XFF). */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.TRUST_PROXY ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The client IP of a request (from a Request's or next/headers' Headers), or null when unknown
 * (e.g. `next dev`, which has no preload, without TRUST_PROXY): callers then share one bucket.
 */
export function clientIp(headers: Headers, env: Record<string, string | undefined> = process.env): string | null {
  const hops = trustedProxyHops(env);
  if (hops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Each proxy appends its peer: the right-most `hops` entries are trusted, and the left-most of
    // them is the client as the outermost proxy saw it. Anything further left is the caller's claim.
    const hop = chain.length >= hops ? chain[chain.length - hops] : undefined;
    if (hop && isIP(hop)) return hop;
  }
  return socketAddress(headers);
}

function socketAddress(headers: Headers): string | null {
  if (!(globalThis as Record<symbol, unknown>)[STAMPED]) return null;
  const stamped = headers.get(SOCKET_ADDRESS_HEADER);
  return stamped && isIP(stamped) ? stamped.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') : null;
}
