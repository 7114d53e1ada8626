// What a user allowed each client (the account area's "Connected apps"), and revoking it.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthClients, oauthGrants, oauthTokens } from '@/db/schema';
import type { Scope } from '@/lib/auth/principal';
import { AppError } from '@/lib/errors/app-error';
import { clientIdentity } from './clients';

/** The user's live grant for a client, widened to the newly allowed scopes (or created), with every scope it now holds. */
export async function upsertGrant(
  db: Db,
  userId: string,
  clientId: string,
  scopes: Scope[],
  now = new Date(),
): Promise<{ id: number; scopes: Scope[] }> {
  const [existing] = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (existing) {
    const union = [...new Set([...existing.scopes, ...scopes])];
    await db.update(oauthGrants).set({ scopes: union, lastUsedAt: now }).where(eq(oauthGrants.id, existing.id));
    return { id: existing.id, scopes: union as Scope[] };
  }
  const [row] = await db.insert(oauthGrants).values({ userId, clientId, scopes }).returning({ id: oauthGrants.id });
  return { id: row.id, scopes };
}

/** The scopes the user's live grant to the client holds (none without one). */
export async function grantedScopes(db: Db, userId: string, clientId: string): Promise<Scope[]> {
  const [row] = await db
    .select({ scopes: oauthGrants.scopes })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  return (row?.scopes ?? []) as Scope[];
}

export type ConnectedApp = {
  id: number;
  name: string;
  host: string;
  kind: 'dynamic' | 'metadata_document';
  localOnly: boolean;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
};

export async function listConnectedApps(db: Db, userId: string): Promise<ConnectedApp[]> {
  const rows = await db
    .select({ grant: oauthGrants, client: oauthClients })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  return rows.map(({ grant, client }) => {
    const identity = clientIdentity(client);
    return {
      id: grant.id,
      name: client.name,
      host: identity.host,
      kind: client.kind,
      localOnly: identity.localOnly,
      scopes: grant.scopes as Scope[],
      createdAt: grant.createdAt,
      lastUsedAt: grant.lastUsedAt,
    };
  });
}

/** Ends the grant and every token issued under it. */
export async function revokeConnectedApp(db: Db, userId: string, grantId: number, now = new Date()) {
  // One transaction: the grant row stays locked until its tokens are revoked (see tokens.ts issue()).
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
      .returning({ id: oauthGrants.id });
    if (rows.length === 0) throw new AppError('not_found', 'Connected app not found.');
    await tx
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokens.grantId, grantId), isNull(oauthTokens.revokedAt)));
  });
}
