'use server';
// The founder's own profile (with photo), interview answers and the story of a listing: the same
// domain functions the answer_interview and set_founder_story operations call.
import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { STORY_SECTIONS } from '@/lib/drafts/types';
import { AppError } from '@/lib/errors/app-error';
import { setFounderStory, type FounderStory } from '@/lib/founder-story/story';
import { editOwnProfile, profileEditFromForm } from '@/lib/founders/edit';
import { answerInterview, ownAnswers, type InterviewAnswerItem } from '@/lib/founders/interview';
import { publicBaseUrl } from '@/lib/site/site';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import { signedOutState, type ActionState } from './state';

type Values = Record<string, string>;

/** Echoes the typed text back (files are not echoed: a browser cannot refill a file input). */
function textValues(fd: FormData): Values {
  return Object.fromEntries([...fd.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A refusal as form state: the AppError's fields by input name, or a general sentence. */
function refused(err: unknown, values: Values, area: string): ActionState<Values, never> {
  if (err instanceof AppError) {
    const fieldErrors = Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message]));
    const message = err.errors?.length ? 'Some fields need a change: see the messages below.' : err.message;
    return { status: 'error', message, fieldErrors, values };
  }
  console.error(`[${area}] save failed:`, err);
  return { status: 'error', message: 'It could not be saved just now. Please try again.', values };
}

export type FounderProfileState = ActionState<Values>;

export async function saveFounderProfileAction(_prev: FounderProfileState, fd: FormData): Promise<FounderProfileState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = textValues(fd);
  const user = await getCurrentUser();
  if (!user) return signedOutState(values);
  try {
    const edit = await profileEditFromForm(fd);
    await editOwnProfile(await getDb(), user.id, edit, { now: new Date(), baseUrl: publicBaseUrl() });
    revalidatePath('/account/profile');
    return { status: 'ok', message: edit.photo ? 'Profile and photo saved.' : 'Profile saved.', values };
  } catch (err) {
    return refused(err, values, 'founder-profile');
  }
}

export type InterviewState = ActionState<Values>;

/** Saves the answers that changed (`answer.<key>` fields); an emptied answer is removed. */
export async function saveInterviewAction(_prev: InterviewState, fd: FormData): Promise<InterviewState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const values = textValues(fd);
  const user = await getCurrentUser();
  if (!user) return signedOutState(values);
  try {
    const ctx = await sessionContext(user);
    const current = new Map((await ownAnswers(ctx.db, user.id)).answers.map((a) => [a.question_key, a.answer]));
    const items: InterviewAnswerItem[] = [];
    for (const [name, value] of Object.entries(values)) {
      if (!name.startsWith('answer.')) continue;
      const key = name.slice('answer.'.length);
      if (value.trim() !== (current.get(key) ?? '')) items.push({ question: key, answer: value });
    }
    if (!items.length) return { status: 'ok', message: 'Nothing changed.', values };
    try {
      await answerInterview(ctx, items);
    } catch (err) {
      const state = refused(err, values, 'interview');
      // answers.<i>.<field> → the input of that answer
      const byInput = Object.entries(state.fieldErrors ?? {}).map(([path, message]) => {
        const i = Number(path.split('.')[1]);
        return [`answer.${items[i]?.question ?? path}`, message];
      });
      return { ...state, fieldErrors: Object.fromEntries(byInput) };
    }
    revalidatePath('/account/interview');
    const removed = items.filter((i) => !i.answer.trim()).length;
    const saved = items.length - removed;
    const said = [
      saved && `Saved ${saved} ${saved === 1 ? 'answer' : 'answers'}`,
      removed && `removed ${removed} ${removed === 1 ? 'answer' : 'answers'}`,
    ].filter(Boolean);
    const message = said.join(', ').replace(/^r/, 'R') + '.';
    return { status: 'ok', message, values };
  } catch (err) {
    return refused(err, values, 'interview');
  }
}

export type StoryState = ActionState<Values, FounderStory>;

/** Saves every section of the story form (an empty one is cleared) through set_founder_story's function. */
export async function saveStoryAction(_prev: StoryState, fd: FormData): Promise<StoryState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const id = String(fd.get('listing_id') ?? '');
  const values = textValues(fd);
  const user = await getCurrentUser();
  if (!user) return signedOutState(values);
  const listingId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(listingId)) return { status: 'error', message: 'Unknown listing.', values };
  try {
    const patch = Object.fromEntries(STORY_SECTIONS.map((s) => [s, values[`story.${s}`] ?? undefined]));
    const story = await setFounderStory(await sessionContext(user), listingId, patch);
    revalidatePath(`/account/listings/${listingId}`);
    return {
      status: 'ok',
      message:
        story.status !== 'published'
          ? 'Saved as a draft.'
          : story.shown_on_listing
            ? 'Saved. Your story is published.'
            : 'Saved. Your story is ready: it shows on the site once the listing is live.',
      values,
      data: story,
    };
  } catch (err) {
    const state = refused(err, values, 'story');
    return {
      ...state,
      fieldErrors: Object.fromEntries(Object.entries(state.fieldErrors ?? {}).map(([k, v]) => [`story.${k}`, v])),
    };
  }
}
