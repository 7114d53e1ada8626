// Auth.js (next-auth v5): email magic links delivered through sendMail (the outbox, plus SMTP when
// configured), GitHub/Google when their keys are set, database sessions in our own tables.
// The config is built lazily per call so importing this file (and `next build`) never opens the DB.
// Links are built on APP_URL (AUTH_URL when set), never on the request's Host (docs/security.md).
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import type { NextRequest } from 'next/server';
import type { Provider } from 'next-auth/providers';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import Nodemailer from 'next-auth/providers/nodemailer';
import { getDb } from '@/db/client';
import { authAccounts, sessions, users, verificationTokens } from '@/db/schema';
import { assertRequiredConfig } from '@/lib/site/required-config';
import { clientIp, trustedProxyHops } from '@/lib/client-ip';
import { sendMail } from '@/lib/mail/send-mail';
import { signInAddress } from './sign-in-address';
import { signInEmail } from './sign-in-email';
import { countSignInMail } from './sign-in-limit';
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-account';

export const EMAIL_PROVIDER_ID = 'nodemailer';

/** OAuth providers whose keys are configured (the sign-in page shows a button for each). */
export function oauthProviders(): { id: 'github' | 'google'; name: string }[] {
  const list: { id: 'github' | 'google'; name: string }[] = [];
  if (process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET) list.push({ id: 'github', name: 'GitHub' });
  if (process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET) list.push({ id: 'google', name: 'Google' });
  return list;
}

function providers(): Provider[] {
  const list: Provider[] = [
    Nodemailer({
      // Never used for delivery (sendVerificationRequest below does that) but the provider requires it.
      server: { jsonTransport: true },
      maxAge: 24 * 60 * 60,
      // "ana@x.test." is the mailbox of "ana@x.test" (the domain's root dot): one account, not two.
      normalizeIdentifier: (email) => signInAddress(email),
      async sendVerificationRequest({ identifier, url, expires, request }) {
        const db = await getDb();
        if (!(await countSignInMail(db, identifier, clientIp(request.headers)))) {
          console.warn(
            '[auth] sign-in link not sent: too many requested for this address or client (lib/auth/sign-in-limit.ts).',
          );
          return;
        }
        await sendMail(db, { to: identifier, kind: 'sign_in', ...signInEmail({ url, expires }) });
      },
    }),
  ];
  // Both providers only hand out verified addresses, so linking by email to an existing account is safe.
  for (const p of oauthProviders()) {
    if (p.id === 'github')
      list.push(
        GitHub({
          clientId: process.env.AUTH_GITHUB_ID,
          clientSecret: process.env.AUTH_GITHUB_SECRET,
          allowDangerousEmailAccountLinking: true,
        }),
      );
    if (p.id === 'google')
      list.push(
        Google({
          clientId: process.env.AUTH_GOOGLE_ID,
          clientSecret: process.env.AUTH_GOOGLE_SECRET,
          allowDangerousEmailAccountLinking: true,
        }),
      );
  }
  return list;
}

/**
 * Auth.js reads AUTH_URL from the environment on every request (next-auth's reqWithEnvURL and
 * createActionURL), so the config pins it to APP_URL before Auth.js looks. Production without
 * APP_URL is refused (also at boot).
 */
export function pinAuthUrl(): string | undefined {
  assertRequiredConfig();
  const url = process.env.AUTH_URL || process.env.APP_URL;
  if (url) process.env.AUTH_URL = url;
  return url;
}

async function config(): Promise<NextAuthConfig> {
  pinAuthUrl();
  const db = await getDb();
  return {
    adapter: DrizzleAdapter(db, {
      usersTable: users,
      accountsTable: authAccounts,
      sessionsTable: sessions,
      verificationTokensTable: verificationTokens,
    }),
    session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    providers: providers(),
    trustHost: true,
    pages: { signIn: '/signin', verifyRequest: '/signin/check-email', error: '/signin' },
    callbacks: {
      session({ session, user }) {
        const u = user as typeof user & { role?: 'member' | 'admin' };
        return {
          ...session,
          user: { ...session.user, id: u.id, name: u.name, email: u.email, image: u.image, role: u.role ?? 'member' },
        };
      },
      // Only same-site redirects after sign-in/out.
      redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {}
        return baseUrl;
      },
    },
  };
}

const nextAuth = NextAuth(config);
export const { auth, signIn, signOut } = nextAuth;

/**
 * Without APP_URL (development only) Auth.js takes the origin from X-Forwarded-Host/-Proto when
 * present: those are dropped unless TRUST_PROXY says a proxy of ours sets them.
 */
function trustedRequest(req: NextRequest): NextRequest {
  if (pinAuthUrl() || trustedProxyHops() > 0) return req;
  if (!req.headers.has('x-forwarded-host') && !req.headers.has('x-forwarded-proto')) return req;
  const headers = new Headers(req.headers);
  headers.delete('x-forwarded-host');
  headers.delete('x-forwarded-proto');
  return new (req.constructor as typeof NextRequest)(req, { headers });
}

export const handlers = {
  GET: (req: NextRequest) => nextAuth.handlers.GET(trustedRequest(req)),
  POST: (req: NextRequest) => nextAuth.handlers.POST(trustedRequest(req)),
};
