// Order numbers and checkout tokens (docs/decisions.md#checkout). The number is for people (it is in
// URLs and receipts): PD-XXXX-XXXX, 40 random bits in Crockford base32, so numbers cannot be walked.
// The token in the checkout link is 256 random bits; only its sha256 is stored, and it is compared
// in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newOrderNumber(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return `PD-${out.slice(0, 4)}-${out.slice(4)}`;
}

export const ORDER_NUMBER_PATTERN = /^PD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export function newCheckoutToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `token` is the one whose hash is stored (constant time whatever the input). */
export function tokenMatches(token: string | null | undefined, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token ?? ''), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) && Boolean(token);
}
