// The client's IP address, from a trusted hop only (issue 12 item 4). A stand-in with the same rule
// as the seams helper: with TRUST_PROXY=N the N-th X-Forwarded-For entry from the right (the one
// our own proxies added), else null — the caller's own claim is never used.
import { isIP } from 'node:net';

export function trustedProxyHops(): number {
  const n = Number(process.env.TRUST_PROXY ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function clientIp(headers: Headers): string | null {
  const hops = trustedProxyHops();
  if (hops === 0) return null;
  const chain = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const ip = chain[chain.length - hops];
  return ip && isIP(ip) ? ip : null;
}
