// Is this address or host name this machine? (127.0.0.0/8, ::1, IPv4-mapped 127.x, "localhost")
import { isIP } from 'node:net';

export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (a === 'localhost' || a.endsWith('.localhost')) return true;
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1' || /^::ffff:127\./.test(a);
}
