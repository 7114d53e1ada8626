// What `npm start` serves on, and whether the dev mailbox is on (docs/security.md). Without
// APP_URL the site is a local one: APP_URL defaults to http://localhost:$PORT and Next.js listens
// on 127.0.0.1 only, so a server where APP_URL was forgotten is unreachable rather than open.
// The mailbox is switched on by itself only for that loopback-only listener with no SMTP_URL.
import { isLoopbackAddress } from '@/lib/net/loopback';

export type StartPlan = {
  appUrl: string;
  /** Interface Next.js listens on (`next start -H`); undefined: every interface. */
  host: string | undefined;
  devMailbox: boolean;
  /** Lines for the start log: what was decided and why. */
  notes: string[];
  /** Set when the settings cannot be served safely; the start script exits with it. */
  error?: string;
};

export function planStart(env: Record<string, string | undefined>): StartPlan {
  const port = env.PORT || '3000';
  const appUrl = env.APP_URL || `http://localhost:${port}`;
  const localSite = isLoopbackAddress(new URL(appUrl).hostname);
  const host = env.HOST || (localSite ? '127.0.0.1' : undefined);
  const loopbackListener = host !== undefined && isLoopbackAddress(host);
  const notes: string[] = [];

  if (!env.APP_URL && !loopbackListener) {
    return {
      appUrl,
      host,
      devMailbox: false,
      notes,
      error: `APP_URL is not set but HOST=${host ?? '(all interfaces)'} serves other machines. Set APP_URL to the public origin (e.g. https://directory.example.com).`,
    };
  }
  // The test clock (lib/time/clock.ts) lets a caller move the site's time: end-to-end tests only.
  if (env.TEST_CLOCK === '1' && (!loopbackListener || env.TRUST_PROXY || !localSite)) {
    return {
      appUrl,
      host,
      devMailbox: false,
      notes,
      error: 'TEST_CLOCK=1 is for end-to-end tests on this machine only: it needs a local APP_URL and HOST=127.0.0.1.',
    };
  }
  notes.push(
    loopbackListener
      ? `[start] listening on ${host} only (this machine)${env.HOST ? '' : ': APP_URL is local. Set APP_URL (and HOST=0.0.0.0 when no proxy runs on this machine) to serve others'}.`
      : `[start] listening on ${host ?? 'every interface'} for ${appUrl}.`,
  );
  // Next prints the address it listens on (http://127.0.0.1:3000), and a browser keeps the sign-in
  // cookie per host name: signing in there, the emailed link (built on APP_URL) signs in the other name.
  const app = new URL(appUrl);
  if (localSite && loopbackListener && host !== app.hostname)
    notes.push(
      `[start] open ${appUrl}: sign-in links lead there, and a browser keeps its sign-in apart from ${app.protocol}//${host}:${app.port || port} (the address Next prints).`,
    );

  let devMailbox: boolean;
  if (env.DEV_MAILBOX === '1') {
    devMailbox = true;
    if (loopbackListener && !env.TRUST_PROXY)
      notes.push(
        `[mail] dev mailbox on at ${appUrl}/dev/mailbox (answers this machine only: the site listens on ${host}; behind a proxy set TRUST_PROXY).`,
      );
    else if (env.TRUST_PROXY)
      notes.push(
        `[mail] dev mailbox on at ${appUrl}/dev/mailbox for clients the proxy sees on a loopback address only.`,
      );
    else
      notes.push(
        `[mail] DEV_MAILBOX=1, but the site listens on ${host ?? 'every interface'} without TRUST_PROXY, so no client can be shown to be local: /dev/mailbox answers 404. Use HOST=127.0.0.1 or TRUST_PROXY.`,
      );
  } else if (env.DEV_MAILBOX === undefined && !env.SMTP_URL && loopbackListener && localSite) {
    devMailbox = true;
    notes.push(
      `[mail] no SMTP_URL set: sign-in links and other emails appear at ${appUrl}/dev/mailbox (this machine only: the site listens on ${host}).`,
    );
  } else {
    devMailbox = false;
    if (!env.SMTP_URL)
      notes.push(
        '[mail] no SMTP_URL set: emails (sign-in links too) are only kept in the outbox; the dev mailbox stays off on a site other machines can reach. Set SMTP_URL.',
      );
  }
  return { appUrl, host, devMailbox, notes };
}
