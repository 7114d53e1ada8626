// Codes and tokens: single-use PKCE codes, short-lived access tokens bound to one resource and the
// consented scopes, rotating refresh tokens (a reused one revokes its whole family). Stored hashed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens, users } from '@/db/schema';
import type { Principal, Scope } from '@/lib/auth/principal';
import { ACCESS_PREFIX, ACCESS_TOKEN_TTL_S, CODE_TTL_S, REFRESH_PREFIX, REFRESH_TOKEN_TTL_S } from './config';
import { OAuthFailure } from './oauth-error';
import { pkceMatches, randomToken, sha256Hex } from './secrets';

export type TokenResponse = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
};

type CodeInput = {
  grantId: number;
  clientId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
};

export async function createCode(db: Db, input: CodeInput, now = new Date()): Promise<string> {
  const code = randomToken(32);
  await db
    .insert(oauthCodes)
    .values({ hash: sha256Hex(code), ...input, expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000) });
  return code;
}

/**
 * Mints an access + refresh token pair under a grant. The grant is locked and checked in the same
 * transaction as the insert, so a "disconnect app" that lands at the same moment either comes first
 * (and nothing is minted) or waits and then revokes what was minted.
 */
async function issue(
  db: Db,
  p: { grantId: number; family: string; clientId: string; userId: string; scopes: string[]; resource: string },
  now: Date,
): Promise<TokenResponse> {
  const access = `${ACCESS_PREFIX}${randomToken(32)}`;
  const refresh = `${REFRESH_PREFIX}${randomToken(32)}`;
  await db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ revokedAt: oauthGrants.revokedAt })
      .from(oauthGrants)
      .where(eq(oauthGrants.id, p.grantId))
      .for('update');
    if (!grant || grant.revokedAt) throw new OAuthFailure('invalid_grant', 'The authorization was revoked.');
    await tx.insert(oauthTokens).values([
      { kind: 'access', hash: sha256Hex(access), ...p, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000) },
      {
        kind: 'refresh',
        hash: sha256Hex(refresh),
        ...p,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
      },
    ]);
    await tx.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, p.grantId));
  });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    scope: p.scopes.join(' '),
  };
}

const revokeFamily = (db: Db, family: string, now: Date) =>
  db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.family, family), isNull(oauthTokens.revokedAt)));

function checkResource(requested: string | null, bound: string) {
  if (requested && requested !== bound)
    throw new OAuthFailure('invalid_target', 'The resource does not match the one authorized.');
}

export async function exchangeCode(
  db: Db,
  p: { code: string; clientId: string; redirectUri: string; codeVerifier: string; resource: string | null },
  now = new Date(),
): Promise<TokenResponse> {
  const hash = sha256Hex(p.code);
  // Claim the code atomically: only one exchange can ever succeed.
  const [code] = await db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.hash, hash), isNull(oauthCodes.usedAt)))
    .returning();
  if (!code) {
    // A code presented twice may have been stolen: the tokens it produced are revoked (RFC 6749 §4.1.2).
    await revokeFamily(db, hash, now);
    throw new OAuthFailure('invalid_grant', 'The authorization code is unknown or was already used.');
  }
  if (code.expiresAt <= now) throw new OAuthFailure('invalid_grant', 'The authorization code has expired.');
  if (code.clientId !== p.clientId)
    throw new OAuthFailure('invalid_grant', 'The authorization code was issued to another client.');
  if (code.redirectUri !== p.redirectUri)
    throw new OAuthFailure('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (!pkceMatches(p.codeVerifier, code.codeChallenge))
    throw new OAuthFailure('invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
  checkResource(p.resource, code.resource);
  return issue(
    db,
    {
      grantId: code.grantId,
      family: hash,
      clientId: code.clientId,
      userId: code.userId,
      scopes: code.scopes,
      resource: code.resource,
    },
    now,
  );
}

export async function refreshTokens(
  db: Db,
  p: { refreshToken: string; clientId: string; scope: string | null; resource: string | null },
  now = new Date(),
): Promise<TokenResponse> {
  const [token] = await db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.hash, sha256Hex(p.refreshToken)), eq(oauthTokens.kind, 'refresh')));
  if (!token || token.revokedAt) throw new OAuthFailure('invalid_grant', 'The refresh token is unknown or revoked.');
  if (token.clientId !== p.clientId)
    throw new OAuthFailure('invalid_grant', 'The refresh token was issued to another client.');
  if (token.expiresAt <= now) throw new OAuthFailure('invalid_grant', 'The refresh token has expired.');
  // A request refused for what it asks (another resource, more scopes) leaves the token unused: it
  // burned it, and the client's corrected retry then revoked the whole sign-in as a replay.
  checkResource(p.resource, token.resource);
  let scopes = token.scopes;
  if (p.scope) {
    const asked = p.scope.split(' ').filter(Boolean);
    if (asked.some((s) => !token.scopes.includes(s)))
      throw new OAuthFailure('invalid_scope', 'A refresh cannot add scopes the user did not allow.');
    scopes = asked;
  }
  const [rotated] = await db
    .update(oauthTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthTokens.id, token.id), isNull(oauthTokens.usedAt)))
    .returning({ id: oauthTokens.id });
  if (!rotated) {
    await revokeFamily(db, token.family, now);
    throw new OAuthFailure(
      'invalid_grant',
      'The refresh token was already used; every token of this sign-in has been revoked.',
    );
  }
  // The access token the old refresh token came with goes too.
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.family, token.family), eq(oauthTokens.kind, 'access'), isNull(oauthTokens.revokedAt)));
  return issue(
    db,
    {
      grantId: token.grantId,
      family: token.family,
      clientId: token.clientId,
      userId: token.userId,
      scopes,
      resource: token.resource,
    },
    now,
  );
}

/** RFC 7009: revoking a refresh token ends its family; an access token ends alone. Unknown tokens are fine. */
export async function revokeToken(db: Db, token: string, clientId: string | null, now = new Date()) {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.hash, sha256Hex(token)));
  // An unknown token is answered as revoked (RFC 7009 §2.2); one issued to another client is refused
  // (§2.1): the 200 told that client it was revoked while it still worked.
  if (!row) return;
  if (clientId && row.clientId !== clientId)
    throw new OAuthFailure('invalid_request', 'This token was not issued to that client_id; nothing was revoked.');
  if (row.kind === 'refresh') await revokeFamily(db, row.family, now);
  else await db.update(oauthTokens).set({ revokedAt: now }).where(eq(oauthTokens.id, row.id));
}

/** Credential resolver (lib/auth/credentials.ts) for access tokens issued by this site. */
export async function verifyOAuthAccessToken(db: Db, token: string, now: Date): Promise<Principal | null> {
  if (!token.startsWith(ACCESS_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      token: oauthTokens,
      user: { id: users.id, email: users.email, name: users.name, role: users.role },
      clientName: oauthClients.name,
    })
    .from(oauthTokens)
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthTokens.clientId))
    .where(
      and(
        eq(oauthTokens.hash, sha256Hex(token)),
        eq(oauthTokens.kind, 'access'),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    authKind: 'oauth',
    scopes: row.token.scopes as Scope[],
    credentialId: String(row.token.id),
    credentialName: row.clientName,
    resource: row.token.resource,
  };
}
