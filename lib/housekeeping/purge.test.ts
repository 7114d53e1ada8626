// Housekeeping deletes what expired more than its grace period ago and keeps everything else,
// including rotated refresh tokens that have not expired (reuse detection still needs them).
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  oauthClients,
  oauthCodes,
  oauthConsentRequests,
  oauthGrants,
  oauthTokens,
  rateLimits,
} from '@/db/schema';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { OAUTH_GRACE_MS, purgeExpired } from './purge';

const { db } = await useTestDatabase({ seed: false });
const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3_600_000;
const tag = () => randomBytes(6).toString('hex');

describe('purgeExpired', () => {
  it('deletes OAuth rows, idempotency keys and rate-limit windows past their time, and nothing else', async () => {
    const { user } = await createAccount(db);
    const clientId = `client-${tag()}`;
    await db
      .insert(oauthClients)
      .values({ id: clientId, kind: 'dynamic', name: 'Test client', redirectUris: ['http://127.0.0.1/cb'] });
    const [grant] = await db
      .insert(oauthGrants)
      .values({ userId: user.id, clientId, scopes: ['account:read'] })
      .returning();
    const common = {
      grantId: grant.id,
      clientId,
      userId: user.id,
      scopes: ['account:read'],
      resource: 'http://localhost/mcp',
    };

    const code = (expiresAt: Date, usedAt: Date | null = null) => ({
      ...common,
      hash: tag(),
      redirectUri: 'http://127.0.0.1/cb',
      codeChallenge: 'x',
      expiresAt,
      usedAt,
    });
    const codes = {
      old: code(ago(OAUTH_GRACE_MS + HOUR)),
      recent: code(ago(HOUR)),
      live: code(ahead(60_000)),
      usedLongAgo: code(ahead(60_000), ago(OAUTH_GRACE_MS + HOUR)),
    };
    await db.insert(oauthCodes).values(Object.values(codes));

    const consent = (expiresAt: Date) => ({
      id: tag(),
      userId: user.id,
      clientId,
      redirectUri: 'http://127.0.0.1/cb',
      scopes: ['account:read'],
      resource: common.resource,
      codeChallenge: 'x',
      expiresAt,
    });
    const consents = { old: consent(ago(OAUTH_GRACE_MS + HOUR)), live: consent(ahead(HOUR)) };
    await db.insert(oauthConsentRequests).values(Object.values(consents));

    const family = tag();
    const token = (kind: 'access' | 'refresh', expiresAt: Date, usedAt: Date | null = null) => ({
      ...common,
      kind,
      hash: tag(),
      family,
      expiresAt,
      usedAt,
    });
    const tokens = {
      oldAccess: token('access', ago(OAUTH_GRACE_MS + HOUR)),
      oldRefresh: token('refresh', ago(OAUTH_GRACE_MS + HOUR), ago(40 * 24 * HOUR)),
      recentAccess: token('access', ago(HOUR)),
      rotatedRefresh: token('refresh', ahead(20 * 24 * HOUR), ago(HOUR)),
      liveRefresh: token('refresh', ahead(30 * 24 * HOUR)),
    };
    await db.insert(oauthTokens).values(Object.values(tokens));

    const windows = { old: `vote:user:${tag()}`, fresh: `vote:user:${tag()}` };
    await db.insert(rateLimits).values([
      { key: windows.old, windowStart: ago(2 * 24 * HOUR), count: 3 },
      { key: windows.fresh, windowStart: ago(60_000), count: 3 },
    ]);
    await db.insert(idempotencyKeys).values([
      { userId: user.id, key: 'old', operation: 'op', requestHash: 'h', createdAt: ago(25 * HOUR) },
      { userId: user.id, key: 'fresh', operation: 'op', requestHash: 'h', createdAt: ago(HOUR) },
    ]);

    const report = await purgeExpired(db, now);
    expect(report).toEqual({ oauthCodes: 2, oauthConsentRequests: 1, oauthTokens: 2, rateLimits: 1 });

    const codeLeft = await db
      .select({ hash: oauthCodes.hash })
      .from(oauthCodes)
      .where(
        inArray(
          oauthCodes.hash,
          Object.values(codes).map((c) => c.hash),
        ),
      );
    expect(codeLeft.map((c) => c.hash).sort()).toEqual([codes.recent.hash, codes.live.hash].sort());
    const consentLeft = await db.select({ id: oauthConsentRequests.id }).from(oauthConsentRequests);
    expect(consentLeft.map((c) => c.id)).toEqual([consents.live.id]);
    const tokenLeft = await db
      .select({ hash: oauthTokens.hash })
      .from(oauthTokens)
      .where(
        inArray(
          oauthTokens.hash,
          Object.values(tokens).map((t) => t.hash),
        ),
      );
    expect(tokenLeft.map((t) => t.hash).sort()).toEqual(
      [tokens.recentAccess.hash, tokens.rotatedRefresh.hash, tokens.liveRefresh.hash].sort(),
    );
    const windowLeft = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, Object.values(windows)));
    expect(windowLeft.map((w) => w.key)).toEqual([windows.fresh]);
    const keysLeft = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keysLeft.map((k) => k.key)).toEqual(['fresh']);

    // a second run finds nothing more to delete
    expect(await purgeExpired(db, now)).toEqual({
      oauthCodes: 0,
      oauthConsentRequests: 0,
      oauthTokens: 0,
      rateLimits: 0,
    });
  });
});
