// Turns an Authorization header into a principal. Each kind of bearer credential is one resolver;
// new kinds (OAuth access tokens) are added to the list below.
import type { Db } from '@/db/client';
import { verifyOAuthAccessToken } from '@/lib/oauth/tokens';
import { verifyApiKey } from './api-keys';
import type { Principal } from './principal';

export type CredentialResolver = (db: Db, token: string, now: Date) => Promise<Principal | null>;

const resolvers: CredentialResolver[] = [verifyApiKey, verifyOAuthAccessToken];

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * undefined: no credential presented; null: presented but not valid. Another scheme than Bearer
 * (Basic …) presents no credential here: its challenge names no error (RFC 6750 §3.1), and says to send
 * a Bearer key.
 */
export async function authenticate(
  db: Db,
  authorization: string | null,
  now: Date,
): Promise<Principal | null | undefined> {
  if (!authorization || !/^Bearer(\s|$)/i.test(authorization.trim())) return undefined;
  const token = bearerToken(authorization);
  if (!token) return null;
  for (const resolve of resolvers) {
    const principal = await resolve(db, token, now);
    if (principal) return principal;
  }
  return null;
}

/** An OAuth token is bound to one resource (RFC 8707): one issued for /mcp is not valid at /api/v1. */
export function acceptedHere<P extends Principal | null | undefined>(principal: P, resource: string): P | null {
  if (principal && principal.authKind === 'oauth' && principal.resource !== resource) return null;
  return principal;
}
