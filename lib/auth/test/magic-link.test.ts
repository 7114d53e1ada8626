// The Auth.js config end to end over HTTP: ask for a magic link, find it in the outbox, open it,
// and get a database session whose user carries our role.
import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/db/schema';
import { listOutbox } from '@/lib/mail/outbox';
import { useServer } from '@/test/support/http-server';
import { useTestDatabase } from '@/test/support/db';

delete process.env.AUTH_URL;
delete process.env.SMTP_URL;
process.env.AUTH_SECRET = 'test-secret-for-magic-links-0123456789';
const { handlers } = await import('@/lib/auth/auth');

const { db } = await useTestDatabase({ seed: false });
const server = await useServer([
  { prefix: '/api/auth', handler: (req) => (req.method === 'POST' ? handlers.POST : handlers.GET)(req as NextRequest) },
]);

/** A minimal cookie jar: enough for Auth.js's csrf and session cookies. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        const value = pair.slice(i + 1);
        if (value) cookies.set(pair.slice(0, i), value);
        else cookies.delete(pair.slice(0, i));
      }
    },
    get: (name: string) => cookies.get(name),
  };
}

async function requestLink(email: string, cookies = jar()) {
  const csrfRes = await fetch(`${server.url}/api/auth/csrf`);
  cookies.take(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${server.url}/api/auth/signin/nodemailer`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: `${server.url}/account` }),
  });
  return { res, cookies };
}

describe('email magic link sign-in', () => {
  beforeAll(() => {
    expect(process.env.AUTH_SECRET).toBeTruthy();
  });

  it('sends the link to the outbox and signs the user in with a database session', async () => {
    const email = `magic-${Date.now()}@example.test`;
    const { res, cookies } = await requestLink(email);
    expect(res.status).toBe(302);
    const verify = await fetch(res.headers.get('location')!, { redirect: 'manual' });
    expect(verify.headers.get('location')).toContain('/signin/check-email');

    const [mail] = await listOutbox(db, { to: email });
    expect(mail).toMatchObject({ kind: 'sign_in', subject: 'Sign in to Product Directory' });
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link).toContain('/api/auth/callback/nodemailer?');
    expect(mail.html).toContain('Sign in');

    const callback = await fetch(link!, { redirect: 'manual', headers: { cookie: cookies.header() } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${server.url}/account`);
    cookies.take(callback);
    const token = cookies.get('authjs.session-token');
    expect(token).toBeTruthy();

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'member' });
    expect(user.emailVerified).toBeInstanceOf(Date);
    const [session] = await db.select().from(sessions).where(eq(sessions.sessionToken, token!));
    expect(session.userId).toBe(user.id);

    const sessionRes = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: cookies.header() } });
    const body = await sessionRes.json();
    expect(body.user).toMatchObject({ id: user.id, email, role: 'member' });

    // The link works once.
    const again = await fetch(link!, { redirect: 'manual' });
    expect(again.headers.get('location')).toContain('error=Verification');
  });

  it('lower-cases the address, so one person gets one account', async () => {
    const email = `Mixed-${Date.now()}@Example.test`;
    await requestLink(email);
    const mails = await listOutbox(db, { to: email });
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(email.toLowerCase());
  });

  it('refuses an open redirect to another site after sign-in', async () => {
    const email = `redirect-${Date.now()}@example.test`;
    const cookies = jar();
    const csrfRes = await fetch(`${server.url}/api/auth/csrf`);
    cookies.take(csrfRes);
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    await fetch(`${server.url}/api/auth/signin/nodemailer`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header() },
      body: new URLSearchParams({ csrfToken, email, callbackUrl: 'https://evil.example/steal' }),
    });
    const [mail] = await listOutbox(db, { to: email });
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    const callback = await fetch(link, { redirect: 'manual', headers: { cookie: cookies.header() } });
    expect(callback.headers.get('location')).not.toContain('evil.example');
  });
});
