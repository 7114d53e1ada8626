// The glue between the vote/follow buttons, sign-in and lib/intents: the button's POST (a server
// action, same-origin by Next's Origin check) records the intent and puts its opaque id in an
// httpOnly cookie; sign-in comes back to /intents/resume, which performs it once and returns to the
// product page, where a short-lived cookie tells the page to announce what was done.
import { cookies, headers } from 'next/headers';
import { getDb } from '@/db/client';
import type { CurrentUser } from '@/lib/auth/session';
import { safeCallbackPath } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { clientIp } from '@/lib/client-ip';
import {
  awaitEmail,
  createIntent,
  idsAwaiting,
  INTENT_TTL_MS,
  isIntentKind,
  resumeIntent,
  type IntentKind,
  type Resumed,
} from '@/lib/intents/pending-intents';
import { hitRateLimit } from '@/lib/rate-limit/limiter';
import { productNoticeFor } from '@/lib/site/notices';
import { siteIsHttps } from '@/lib/site/security-headers';
import { siteNow } from '@/lib/time/clock';

/** Where sign-in returns to when an intent is waiting (no parameters: the cookie says which). */
export const INTENT_RESUME_PATH = '/intents/resume';
const INTENT_COOKIE = 'pending_intent';
/** Presses kept while signed out (a vote here, a follow there): the newest few, oldest first. */
const MAX_KEPT = 5;
const idsIn = (raw: string | undefined) => (raw ?? '').split('.').filter((id) => /^[A-Za-z0-9_-]{43}$/.test(id));
/** Read by the product page: `<kind>:<listing id>:<1 when it changed something>`. */
export const INTENT_DONE_COOKIE = 'intent_done';
const DONE_MAX_AGE_S = 60;
/** Signed-out presses per address: each makes a row, so a script cannot fill the table. */
const IP_RULE = { limit: 30, windowMs: 15 * 60_000 };

/**
 * Called by the button's action for a signed-out visitor: records the intent and sets the cookie.
 * 'recorded': send the visitor to sign in and back through /intents/resume; 'not_found': no such
 * listing; null: nothing recorded (bad input, too many presses), plain sign-in-and-come-back.
 */
export async function rememberIntent(
  kind: IntentKind,
  listingId: number,
  returnPath: string,
): Promise<'recorded' | 'not_found' | null> {
  if (!Number.isInteger(listingId) || listingId < 1) return null;
  const db = await getDb();
  const now = siteNow();
  const limit = await hitRateLimit(db, `intent:ip:${clientIp(await headers()) ?? 'unknown'}`, IP_RULE, now);
  if (!limit.ok) return null;
  try {
    const { id } = await createIntent({ db, now }, { kind, listingId, returnPath });
    const jar = await cookies();
    const kept = [...idsIn(jar.get(INTENT_COOKIE)?.value), id].slice(-MAX_KEPT);
    jar.set(INTENT_COOKIE, kept.join('.'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: siteIsHttps(),
      path: '/',
      maxAge: INTENT_TTL_MS / 1000,
    });
    return 'recorded';
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return 'not_found';
    throw err;
  }
}

/**
 * /intents/resume: performs the waiting intents for `user` (each once, oldest first) and says where
 * to go next: the page of the last press, which announces what was done there.
 */
export async function resumeFromSignIn(user: CurrentUser): Promise<string> {
  const jar = await cookies();
  const held = idsIn(jar.get(INTENT_COOKIE)?.value);
  if (!held.length) return '/account';
  jar.delete(INTENT_COOKIE);
  const ctx = { db: await getDb(), now: siteNow() };
  // Only presses whose sign-in link this browser asked for this account's address (the sign-in form
  // noted it): a planted cookie performs nothing.
  const ids = await idsAwaiting(ctx, held, user.email);
  const results: Resumed[] = [];
  for (const id of ids) results.push(await resumeIntent(ctx, id, user.id));
  const last = results.findLast((r) => r.status !== 'none');
  if (!last) return '/account';
  if (last.status === 'used') return safeCallbackPath(last.returnPath, '/');
  if (last.status === 'expired') return `${safeCallbackPath(last.returnPath, '/')}?notice=intent_expired`;
  if (last.status === 'failed')
    return `${safeCallbackPath(last.intent.returnPath, '/')}?notice=${productNoticeFor(last.code)}`;
  const back = safeCallbackPath(last.outcome.returnPath, '/');
  const doneHere = results.flatMap((r) =>
    r.status === 'done' && r.outcome.listingId === last.outcome.listingId
      ? [`${r.outcome.kind}:${r.outcome.listingId}:${r.outcome.changed ? 1 : 0}`]
      : [],
  );
  jar.set(INTENT_DONE_COOKIE, doneHere.join('|'), {
    httpOnly: false, // the page's script clears it once shown, so a reload does not announce it again
    sameSite: 'lax',
    secure: siteIsHttps(),
    path: back,
    maxAge: DONE_MAX_AGE_S,
  });
  return back;
}

/**
 * The sign-in form: the intents this browser holds wait for `email` too, so that a link opened in
 * another browser still finds them (offered on the account page there, not performed).
 */
export async function noteSignInEmail(email: string): Promise<void> {
  const ids = idsIn((await cookies()).get(INTENT_COOKIE)?.value);
  if (ids.length) await awaitEmail({ db: await getDb(), now: siteNow() }, ids, email);
}

/** The product page: what /intents/resume just did for this listing (a vote, a follow or both). */
export async function doneIntentsFor(listingId: number): Promise<{ kind: IntentKind; changed: boolean }[]> {
  const raw = (await cookies()).get(INTENT_DONE_COOKIE)?.value ?? '';
  return raw.split('|').flatMap((entry) => {
    const [kind, id, changed] = entry.split(':');
    return isIntentKind(kind) && Number(id) === listingId ? [{ kind, changed: changed === '1' }] : [];
  });
}
