'use server';
// The owner's listing page: post an update to followers, add and delete milestones; and the
// unsubscribe page's confirm button. They call lib/listing-content, like the operations do.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rowIdOf } from '@/lib/input/ids';
import { getDb } from '@/db/client';
import { getCurrentUser, requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { addMilestone, deleteMilestone } from '@/lib/listing-content/milestones';
import { milestoneInput, updateBody, updateTitle } from '@/lib/listing-content/schemas';
import { unsubscribe } from '@/lib/listing-content/unsubscribe';
import { postListingUpdate } from '@/lib/listing-content/updates';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import { signedOutState, type ActionState } from './state';
import { plainMessage } from '@/lib/errors/zod-messages';

export type UpdateValues = { title: string; body: string };
export type UpdateState = ActionState<UpdateValues>;
export type MilestoneValues = { date: string; title: string; description: string; url: string };
export type MilestoneState = ActionState<MilestoneValues>;
export type UnsubscribeState = ActionState<undefined, { listingName: string; slug: string } | null>;

const text = (fd: FormData, key: string) => String(fd.get(key) ?? '');
const listingIdOf = (fd: FormData) => rowIdOf(fd.get('listing_id'));
const editPath = (id: number | null) => `/account/listings/${id ?? ''}`;

/** A zod refusal as field errors (the first message per field). */
function zodErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join('.')] ??= plainMessage(issue);
  return out;
}

/** An AppError as the form's state; anything else is logged and answered with a generic sentence. */
function refusal<V>(err: unknown, values: V, nonce: number, what: string): ActionState<V> {
  if (err instanceof AppError)
    return {
      status: 'error',
      nonce,
      values,
      message: err.message,
      fieldErrors: Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message])),
    };
  console.error(`[listing-content] ${what} failed:`, err);
  return { status: 'error', nonce, values, message: `The ${what} could not be saved just now. Please try again.` };
}

const updateForm = z.object({ title: updateTitle, body: updateBody });

export async function postUpdateAction(prev: UpdateState, fd: FormData): Promise<UpdateState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const listingId = listingIdOf(fd);
  const nonce = (prev.nonce ?? 0) + 1;
  const values: UpdateValues = { title: text(fd, 'title'), body: text(fd, 'body') };
  const user = await getCurrentUser();
  if (!user) return signedOutState(values, nonce);
  if (!listingId) return { status: 'error', nonce, values, message: 'This listing was not found.' };
  const parsed = updateForm.safeParse(values);
  if (!parsed.success)
    return {
      status: 'error',
      nonce,
      values,
      fieldErrors: zodErrors(parsed.error),
      message: 'Please fix the highlighted fields.',
    };
  try {
    const posted = await postListingUpdate(await sessionContext(user), { listing_id: listingId, ...parsed.data });
    revalidatePath(editPath(listingId));
    const who =
      posted.followers === 0
        ? 'No one follows this listing yet.'
        : `${posted.followers === 1 ? '1 follower is' : `${posted.followers} followers are`} being emailed.`;
    return { status: 'ok', nonce, message: `Update posted. ${who}` };
  } catch (err) {
    return refusal(err, values, nonce, 'update');
  }
}

export async function addMilestoneAction(prev: MilestoneState, fd: FormData): Promise<MilestoneState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const listingId = listingIdOf(fd);
  const nonce = (prev.nonce ?? 0) + 1;
  const values: MilestoneValues = {
    date: text(fd, 'date').trim(),
    title: text(fd, 'title'),
    description: text(fd, 'description'),
    url: text(fd, 'url').trim(),
  };
  const user = await getCurrentUser();
  if (!user) return signedOutState(values, nonce);
  if (!listingId) return { status: 'error', nonce, values, message: 'This listing was not found.' };
  const parsed = milestoneInput.safeParse({
    date: values.date,
    title: values.title,
    description: values.description.trim() || null,
    url: values.url || null,
  });
  if (!parsed.success) {
    const fieldErrors = zodErrors(parsed.error);
    // The form's date picker shows no YYYY-MM-DD: an empty one is asked for in its own words.
    if (!values.date) fieldErrors.date = 'Choose the date it happened.';
    return { status: 'error', nonce, values, fieldErrors, message: 'Please fix the highlighted fields.' };
  }
  try {
    const m = await addMilestone(await sessionContext(user), { listing_id: listingId, ...parsed.data });
    revalidatePath(editPath(listingId));
    return { status: 'ok', nonce, message: `Milestone “${m.title}” added.` };
  } catch (err) {
    return refusal(err, values, nonce, 'milestone');
  }
}

export async function deleteMilestoneAction(prev: ActionState, fd: FormData): Promise<ActionState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const listingId = listingIdOf(fd);
  const user = await requireUser(editPath(listingId));
  const milestoneId = rowIdOf(fd.get('milestone_id'));
  if (!listingId || !milestoneId) return { status: 'error', message: 'This milestone was not found.' };
  try {
    await deleteMilestone(await sessionContext(user), { listing_id: listingId, milestone_id: milestoneId });
    revalidatePath(editPath(listingId));
    return { status: 'ok', message: 'Milestone deleted.' };
  } catch (err) {
    return refusal(err, undefined, (prev.nonce ?? 0) + 1, 'change');
  }
}

/** The unsubscribe page's button: the link's token is the credential (no sign-in needed). */
export async function unsubscribeAction(_prev: UnsubscribeState, fd: FormData): Promise<UnsubscribeState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const done = await unsubscribe(await getDb(), text(fd, 'token').slice(0, 200));
  if (!done) return { status: 'ok', data: null, message: 'This link was already used: it sends you no more emails.' };
  return {
    status: 'ok',
    data: { listingName: done.listingName, slug: done.slug },
    message: `You unfollowed ${done.listingName} and will get no more emails about its updates.`,
  };
}
