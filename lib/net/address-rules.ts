// Which IP addresses a server-side fetch of a user-given URL may connect to (docs/decisions.md#server-side-fetches).
// Only globally routable unicast is allowed; everything private, local, special or embedding
// such an address (IPv4-mapped, IPv4-compatible, 6to4, NAT64, Teredo) is refused.
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

function checkV4(addr: ipaddr.IPv4): AddressVerdict {
  const range = addr.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
}

function embeddedV4(parts: number[], hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[hi] >> 8, parts[hi] & 0xff, parts[lo] >> 8, parts[lo] & 0xff]);
}

function checkV6(addr: ipaddr.IPv6): AddressVerdict {
  const p = addr.parts;
  // ::a.b.c.d (deprecated IPv4-compatible) and anything else in ::/96 except the named ranges.
  const range = addr.range();
  if (p.slice(0, 6).every((x) => x === 0))
    return { allowed: false, range: range === 'unicast' ? 'ipv4Compatible' : range };
  if (range === 'unicast') return { allowed: true };
  if (range === '6to4') {
    const inner = checkV4(embeddedV4(p, 1, 2));
    return inner.allowed ? inner : { allowed: false, range: `6to4:${inner.range}` };
  }
  if (range === 'rfc6052') {
    const inner = checkV4(embeddedV4(p, 6, 7));
    return inner.allowed ? inner : { allowed: false, range: `nat64:${inner.range}` };
  }
  return { allowed: false, range };
}

/** Verdict for one textual IP address (v4 or v6, brackets and zone allowed). Non-IPs are refused. */
export function checkAddress(ip: string): AddressVerdict {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  const addr = ipaddr.parse(bare);
  return addr.kind() === 'ipv4' ? checkV4(addr as ipaddr.IPv4) : checkV6(addr as ipaddr.IPv6);
}

export function isPublicAddress(ip: string): boolean {
  return checkAddress(ip).allowed;
}

/** True when `host` is an IP literal (v4, or v6 with or without brackets). */
export function isIpLiteral(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
}

/** Hosts and IPs that tests and local development may reach anyway (CRAWLER_ALLOW_PRIVATE_HOSTS). */
export function allowedPrivateHosts(): Set<string> {
  const raw = process.env.CRAWLER_ALLOW_PRIVATE_HOSTS ?? '';
  return new Set(
    raw
      .split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  );
}

export function isAllowListed(hostOrIp: string): boolean {
  return allowedPrivateHosts().has(hostOrIp.toLowerCase().replace(/^\[|\]$/g, ''));
}
