// Auth.js (next-auth v5): email magic links delivered through sendMail (the outbox, plus SMTP when
// configured), GitHub/Google when their keys are set, database sessions in our own tables.
// The config is built lazily per call so importing this file (and `next build`) never opens the DB.
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import type { Provider } from 'next-auth/providers';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import Nodemailer from 'next-auth/providers/nodemailer';
import { getDb } from '@/db/client';
import { authAccounts, sessions, users, verificationTokens } from '@/db/schema';
import { sendMail } from '@/lib/mail/send-mail';
import { signInEmail } from './sign-in-email';

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
      async sendVerificationRequest({ identifier, url, expires }) {
        const db = await getDb();
        await sendMail(db, { to: identifier, kind: 'sign_in', ...signInEmail({ url, expires }) });
      },
    }),
  ];
  // Both providers only hand out verified addresses, so linking by email to an existing account is safe.
  for (const p of oauthProviders()) {
    if (p.id === 'github') list.push(GitHub({ clientId: process.env.AUTH_GITHUB_ID, clientSecret: process.env.AUTH_GITHUB_SECRET, allowDangerousEmailAccountLinking: true }));
    if (p.id === 'google') list.push(Google({ clientId: process.env.AUTH_GOOGLE_ID, clientSecret: process.env.AUTH_GOOGLE_SECRET, allowDangerousEmailAccountLinking: true }));
  }
  return list;
}

async function config(): Promise<NextAuthConfig> {
  const db = await getDb();
  return {
    adapter: DrizzleAdapter(db, { usersTable: users, accountsTable: authAccounts, sessionsTable: sessions, verificationTokensTable: verificationTokens }),
    session: { strategy: 'database', maxAge: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    providers: providers(),
    trustHost: true,
    pages: { signIn: '/signin', verifyRequest: '/signin/check-email', error: '/signin' },
    callbacks: {
      session({ session, user }) {
        const u = user as typeof user & { role?: 'member' | 'admin' };
        return { ...session, user: { ...session.user, id: u.id, name: u.name, email: u.email, image: u.image, role: u.role ?? 'member' } };
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

export const { handlers, auth, signIn, signOut } = NextAuth(config);
