// Issue 12 items 1 and 3 over HTTP: the magic link is built on APP_URL whatever Host or
// X-Forwarded-Host the caller sends, and POST /api/auth/signin/nodemailer is limited per mailbox
// (plus-addressing folded) and per client IP, however often it is called.
import http from 'node:http';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/lib/mail/outbox';
import { useServer } from '@/test/support/http-server';
import { useTestDatabase } from '@/test/support/db';

delete process.env.AUTH_URL;
delete process.env.SMTP_URL;
process.env.TRUST_PROXY = '1'; // the test server adds the socket address to X-Forwarded-For, like a proxy
process.env.AUTH_SECRET = 'test-secret-for-magic-links-0123456789';
const { handlers } = await import('@/lib/auth/auth');

const { db } = await useTestDatabase({ seed: false });
const server = await useServer([
  {
    prefix: '/api/auth',
    handler: (req) => (req.method === 'POST' ? handlers.POST : handlers.GET)(new NextRequest(req)),
  },
]);
// (NextRequest spells 127.0.0.1 as localhost: the site's name here is localhost.)
const appUrl = server.url.replace('127.0.0.1', 'localhost');
process.env.APP_URL = appUrl;

/** A raw HTTP request, so Host can be anything (fetch does not let us set it). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Asks for a link the way a script would: csrf token + cookie, then the form POST. */
async function requestLink(email: string, extra: Record<string, string> = {}) {
  const csrf = await raw('GET', '/api/auth/csrf', extra);
  const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, email, callbackUrl: '/account' }).toString();
  return raw(
    'POST',
    '/api/auth/signin/nodemailer',
    { ...extra, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  );
}

const linkIn = async (email: string) => {
  const [mail] = await listOutbox(db, { to: email });
  return /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
};

describe('magic-link host (item 1)', () => {
  it('builds the link on APP_URL when Host is foreign', async () => {
    const email = `host-${Date.now()}@example.test`;
    const res = await requestLink(email, { host: 'evil.example' });
    expect(res.status).toBe(302);
    const link = await linkIn(email);
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(appUrl);
    expect(link).not.toContain('evil.example');
  });

  // (A guard: Auth.js's route handlers read the request URL, which Host decides; X-Forwarded-Host
  // reaches it through server actions, where AUTH_URL pinned from APP_URL wins the same way.)
  it('builds the link on APP_URL when X-Forwarded-Host and -Proto are foreign', async () => {
    const email = `xfh-${Date.now()}@example.test`;
    await requestLink(email, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const link = await linkIn(email);
    expect(new URL(link!).origin).toBe(appUrl);
  });
});

describe('sign-in mail limits (item 3)', () => {
  it('sends at most 5 links per mailbox in 15 minutes over POST /api/auth/signin/nodemailer, plus-addresses folded', async () => {
    const local = `victim${Date.now()}`;
    const statuses: string[] = [];
    for (let i = 0; i < 12; i++) {
      const email = i % 2 ? `${local}+${i}@Example.test` : `${local}@example.test`;
      const res = await requestLink(email);
      statuses.push(String(res.headers.location));
    }
    const sent = (await listOutbox(db, { limit: 200 })).filter((m) => m.to.startsWith(local));
    expect(sent).toHaveLength(5);
    // The answer stays "check your email" (it says nothing about the address); no mail is sent.
    expect(statuses.every((l) => l.includes('verify-request'))).toBe(true);
  });

  it("folds the domain's closing dot: one mailbox, one limit, one account", async () => {
    const local = `dotted${Date.now()}`;
    for (let i = 0; i < 8; i++) await requestLink(i % 2 ? `${local}@example.test.` : `${local}@example.test`);
    const sent = (await listOutbox(db, { limit: 200 })).filter((m) => m.to.startsWith(local));
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set([`${local}@example.test`]));
  });

  it('limits one client IP across many addresses (30 attempts per 15 minutes)', async () => {
    // Every request of this file comes from 127.0.0.1 (the hop the test server adds); the earlier
    // tests used part of its 30 attempts, 32 new addresses use up the rest.
    const stamp = Date.now();
    for (let i = 0; i < 32; i++) await requestLink(`spray${stamp}-${i}@example.test`);
    const spray = (await listOutbox(db, { limit: 200 })).filter((m) => m.to.startsWith(`spray${stamp}-`));
    expect(spray.length).toBeGreaterThan(0);
    expect(spray.length).toBeLessThan(30);
    // A fresh address, never limited on its own, gets nothing from this IP now.
    const fresh = `fresh-${stamp}@example.test`;
    await requestLink(fresh);
    expect(await listOutbox(db, { to: fresh })).toHaveLength(0);
  });
});
