'use server';
// The site team's actions (docs/decisions.md#site-team): mark an edit reviewed, revert one, reject,
// archive or restore a listing. Each checks the session itself (requireAdmin: 404 for anyone else),
// never trusting the admin layout, and the domain checks the role again in the database.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { fieldLabel, markReviewed, revertVersion } from '@/lib/admin/edits';
import { answerReviewRequest, archiveListing, rejectListing, restoreListing, REASON_MAX } from '@/lib/admin/moderation';
import { LISTINGS_NOTICE_COOKIE } from '@/lib/admin/page-notices';
import { requireAdmin } from '@/lib/auth/admin';
import { AppError } from '@/lib/errors/app-error';
import type { ActionState } from './state';
import { flashNotice } from './flash-notice';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import { plainMessage } from '@/lib/errors/zod-messages';

const idOf = (fd: FormData) => rowIdText().safeParse(fd.get('id'));

function failure(err: unknown, what: string): { status: 'error'; message: string } {
  if (err instanceof AppError) return { status: 'error', message: err.message };
  console.error(`[admin] ${what} failed:`, err);
  return { status: 'error', message: `The ${what} did not go through just now. Please try again.` };
}

export type ReviewState = ActionState;

export async function markReviewedAction(_prev: ReviewState, formData: FormData): Promise<ReviewState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireAdmin();
  const id = idOf(formData);
  if (!id.success) return { status: 'error', message: 'That edit was not found.' };
  try {
    await markReviewed(await sessionContext(user), { versionId: id.data, adminId: user.id });
  } catch (err) {
    return failure(err, 'review');
  }
  revalidatePath('/admin/edits');
  return { status: 'ok', message: 'Marked reviewed.' };
}

/** data.changedSince: fields a later version changed (the form then asks to confirm overwriting them). */
export type RevertState = ActionState<undefined, { version?: number; changedSince?: string[] }>;

export async function revertVersionAction(_prev: RevertState, formData: FormData): Promise<RevertState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireAdmin();
  const id = idOf(formData);
  if (!id.success) return { status: 'error', message: 'That edit was not found.' };
  try {
    const result = await revertVersion(await sessionContext(user), {
      versionId: id.data,
      adminId: user.id,
      overwriteLater: formData.get('overwrite') === '1',
    });
    revalidatePath('/admin/edits');
    const fields = result.fields.map(fieldLabel).join(', ');
    return {
      status: 'ok',
      message: `Reverted ${fields}: the listing is at version ${result.version}.`,
      data: { version: result.version },
    };
  } catch (err) {
    const changedSince =
      err instanceof AppError && Array.isArray(err.extra?.changed_since)
        ? (err.extra.changed_since as string[])
        : undefined;
    if (changedSince) revalidatePath('/admin/edits');
    return { ...failure(err, 'revert'), data: { changedSince } };
  }
}

export type ModerateState = ActionState<{ reason: string; decision: string }>;

const moderationSchema = z.object({
  decision: z.enum(['reject', 'archive'], 'Choose reject or archive.'),
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: the owner reads it.')
    .max(REASON_MAX, `Keep the reason to ${REASON_MAX} characters.`),
});

export async function moderateListingAction(prev: ModerateState, formData: FormData): Promise<ModerateState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireAdmin();
  const values = { reason: String(formData.get('reason') ?? ''), decision: String(formData.get('decision') ?? '') };
  const id = idOf(formData);
  if (!id.success) return { status: 'error', message: 'That listing was not found.', values };
  const parsed = moderationSchema.safeParse({ decision: values.decision || undefined, reason: values.reason });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= plainMessage(issue);
    return { status: 'error', message: Object.values(fieldErrors)[0], fieldErrors, values };
  }
  try {
    const input = { listingId: id.data, adminId: user.id, reason: parsed.data.reason };
    const ctx = await sessionContext(user);
    const result =
      parsed.data.decision === 'reject' ? await rejectListing(ctx, input) : await archiveListing(ctx, input);
    const orders = result.paidOrders?.length
      ? ` It has paid orders (${result.paidOrders.join(', ')}): what they deliver no longer shows; refund them under Orders if owed.`
      : '';
    const message = `${result.name} is ${result.status}. ${result.emailedTo ? `Its owner (${result.emailedTo}) was emailed.` : 'It has no owner account to email.'}${orders}`;
    await flashListingsNotice(message);
    revalidatePath('/admin/listings');
    return {
      status: 'ok',
      message,
      values: { reason: '', decision: '' },
      nonce: (prev.nonce ?? 0) + 1,
    };
  } catch (err) {
    if (err instanceof AppError && err.errors?.[0]?.path === 'reason')
      return { status: 'error', message: err.message, fieldErrors: { reason: err.message }, values };
    return { ...failure(err, 'moderation'), values };
  }
}

export type RestoreState = ActionState;

export async function restoreListingAction(_prev: RestoreState, formData: FormData): Promise<RestoreState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireAdmin();
  const id = idOf(formData);
  if (!id.success) return { status: 'error', message: 'That listing was not found.' };
  try {
    const result = await restoreListing(await sessionContext(user), { listingId: id.data, adminId: user.id });
    const message = `Restored ${result.name}: it is ${result.status.replace('_', ' ')} again.`;
    await flashListingsNotice(message);
    revalidatePath('/admin/listings');
    return { status: 'ok', message };
  } catch (err) {
    return failure(err, 'restore');
  }
}

export type AnswerReviewState = ActionState<{ answer: string }>;

/** The site team keeps its decision and answers the owner's request for another look (mailed; the request closes). */
export async function answerReviewAction(_prev: AnswerReviewState, formData: FormData): Promise<AnswerReviewState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireAdmin();
  const values = { answer: String(formData.get('answer') ?? '') };
  const id = idOf(formData);
  if (!id.success) return { status: 'error', message: 'That listing was not found.', values };
  try {
    const result = await answerReviewRequest(await sessionContext(user), {
      listingId: id.data,
      adminId: user.id,
      answer: values.answer,
    });
    const message = `Answered the owner of ${result.name}: it stays ${result.status}. ${result.emailedTo ? `They (${result.emailedTo}) were emailed.` : 'It has no owner account to email.'}`;
    await flashListingsNotice(message);
    revalidatePath('/admin/listings');
    return { status: 'ok', message, values: { answer: '' } };
  } catch (err) {
    if (err instanceof AppError && err.errors?.[0]?.path === 'answer')
      return { status: 'error', message: err.message, fieldErrors: { answer: err.message }, values };
    return { ...failure(err, 'answer'), values };
  }
}

/** The listings page shows it at its top too: the row may be gone from the list, or have lost the form. */
async function flashListingsNotice(message: string) {
  await flashNotice(LISTINGS_NOTICE_COOKIE, '/admin/listings', message);
}
