'use server';
// Vote and follow buttons. With JavaScript the button calls these and shows the result at once;
// without it the form posts here and is redirected back to the page (post/redirect/get).
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { getCurrentUser, signInPath } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { setFollow } from '@/lib/follows/follows';
import { setVote } from '@/lib/votes/votes';
import { siteNow } from '@/lib/time/clock';
import { productNoticeFor } from '@/lib/site/notices';
import { INTENT_RESUME_PATH, rememberIntent } from './pending-intent';
import type { ActionState } from './state';
import { formRefusal } from './form-check';

/** data: the button's state after the change (on, and how many votes or followers); code: why it was refused. */
export type ButtonResult = ActionState<undefined, { active: boolean; count: number }> & { code?: AppError['code'] };

function readForm(form: FormData) {
  const slug = String(form.get('slug') ?? '')
    .replace(/[^a-z0-9-]/gi, '')
    .slice(0, 80);
  const listingId = Number(form.get('listing_id'));
  const active = form.get('intent') === 'on';
  const js = form.get('js') === '1';
  return { slug, listingId, active, js, back: `/p/${slug}` };
}

async function run(form: FormData, kind: 'vote' | 'follow'): Promise<ButtonResult> {
  const bad = formRefusal(form);
  if (bad) return bad;
  const { slug, listingId, active, js, back } = readForm(form);
  const user = await getCurrentUser();
  if (!user) {
    // Signed out: keep what they pressed on the server (an httpOnly cookie holds its id), sign in,
    // and /intents/resume performs it once on the way back. Only a press (intent on) is kept.
    const kept = active && slug ? await rememberIntent(kind, listingId, back) : null;
    if (kept === 'not_found') redirect(`${back}?notice=not_found`);
    redirect(signInPath(kept === 'recorded' ? INTENT_RESUME_PATH : back));
  }
  let result: ButtonResult;
  if (!Number.isInteger(listingId) || listingId < 1 || !slug) {
    result = { status: 'error', message: 'Unknown listing.', code: 'not_found' };
  } else {
    try {
      const db = await getDb();
      if (kind === 'vote') {
        const r = await setVote(db, { userId: user.id, listingId, vote: active }, { now: siteNow() });
        result = { status: 'ok', data: { active: r.voted, count: r.votes } };
      } else {
        const r = await setFollow(db, { userId: user.id, listingId, follow: active }, { now: siteNow() });
        result = { status: 'ok', data: { active: r.following, count: r.followers } };
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result = { status: 'error', message: err.message, code: err.code };
    }
  }
  if (js) return result;
  redirect(result.status === 'ok' ? back : `${back}?notice=${productNoticeFor(result.code)}`);
}

export async function voteAction(form: FormData): Promise<ButtonResult> {
  return run(form, 'vote');
}

export async function followAction(form: FormData): Promise<ButtonResult> {
  return run(form, 'follow');
}
