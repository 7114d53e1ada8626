// Who may open /dev/mailbox (docs/security.md): it shows every sign-in link, so in production it
// answers only a client on this machine: the TCP peer stamped by `npm start`'s preload, or behind a
// proxy (TRUST_PROXY) the client address the proxy saw. Without either (plain `next start`), the
// only proof is a listener bound to loopback (HOST, which `npm start` sets to 127.0.0.1 when it
// switches the mailbox on).
import { devMailboxEnabled } from '@/lib/mail/outbox';
import { isLoopbackAddress } from '@/lib/net/loopback';
import { clientIp } from '@/lib/client-ip';

/** True when the mailbox page may answer this request. */
export function devMailboxAnswers(headers: Headers, env: Record<string, string | undefined> = process.env): boolean {
  if (!devMailboxEnabled()) return false;
  if (env.NODE_ENV !== 'production') return true;
  const ip = clientIp(headers);
  if (ip !== null) return isLoopbackAddress(ip);
  return isLoopbackAddress(env.HOST);
}
