// A session read outside Auth.js (the page cache's header) is extended as Auth.js extends one: when
// it was last extended more than a day ago it runs 30 days from now, written once however many
// requests read it at the same time. The cookie written back carries only a token Auth.js could make.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '@/db/schema';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { sessionCookie } from '../header-account';
import { renewedSessionOf, SESSION_MAX_AGE_SECONDS } from '../session-account';

const { db } = await useTestDatabase({ seed: false });
const DAY = 86_400_000;
const now = new Date('2026-11-28T12:00:00Z');

async function session(expires: Date) {
  const { user } = await createAccount(db, { name: `Reader ${randomBytes(3).toString('hex')}` });
  const token = randomBytes(16).toString('hex');
  await db.insert(sessions).values({ sessionToken: token, userId: user.id, expires });
  return token;
}
const expiresOf = async (token: string) =>
  (await db.select().from(sessions).where(eq(sessions.sessionToken, token)))[0].expires;

describe('renewedSessionOf', () => {
  it('extends a session last extended more than a day ago to 30 days from now', async () => {
    const token = await session(new Date(now.getTime() + 28 * DAY));
    const renewed = await renewedSessionOf(db, token, now);
    expect(renewed?.user.name).toMatch(/^Reader /);
    expect(renewed?.renewedUntil?.getTime()).toBe(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    expect((await expiresOf(token)).getTime()).toBe(now.getTime() + 30 * DAY);
  });

  it('leaves a session extended within the last day', async () => {
    const expires = new Date(now.getTime() + 29.5 * DAY);
    const token = await session(expires);
    expect((await renewedSessionOf(db, token, now))?.renewedUntil).toBeNull();
    expect((await expiresOf(token)).getTime()).toBe(expires.getTime());
  });

  it('writes once when several requests find it due at the same time', async () => {
    const token = await session(new Date(now.getTime() + 5 * DAY));
    const results = await Promise.all([1, 2, 3].map(() => renewedSessionOf(db, token, now)));
    expect(results.every((r) => r?.user)).toBe(true);
    // PGlite runs them one after another, PostgreSQL at once: either way no more than one writes.
    expect(results.filter((r) => r?.renewedUntil).length).toBeLessThanOrEqual(1);
    expect((await expiresOf(token)).getTime()).toBe(now.getTime() + 30 * DAY);
  });

  it('finds nothing for an expired or unknown session, and extends neither', async () => {
    const expired = await session(new Date(now.getTime() - 1000));
    expect(await renewedSessionOf(db, expired, now)).toBeNull();
    expect((await expiresOf(expired)).getTime()).toBe(now.getTime() - 1000);
    expect(await renewedSessionOf(db, 'no-such-session', now)).toBeNull();
  });
});

describe('sessionCookie', () => {
  const expires = new Date(now.getTime() + 30 * DAY);
  it("writes Auth.js's session cookie with its attributes", () => {
    expect(sessionCookie('abc-123', expires, false)).toBe(
      `authjs.session-token=abc-123; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie('abc-123', expires, true)).toBe(
      `__Secure-authjs.session-token=abc-123; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax; Secure`,
    );
  });
  it('writes no token that could change the header', () => {
    for (const token of ['a;Domain=evil.example', 'a\r\nSet-Cookie: x=1', 'a b', '', 'x'.repeat(201)])
      expect(sessionCookie(token, expires, false)).toBeNull();
  });
});
