'use server';
// The owner's listing page: save the profile edit (only what changed, with the sites to apply it to).
// Calls the same lib/owner-listings functions as update_my_listing.
import { rowIdOf } from '@/lib/input/ids';
import { revalidatePath } from 'next/cache';
import { getCurrentUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { plainMessage } from '@/lib/errors/zod-messages';
import { getMyListing } from '@/lib/owner-listings/list';
import {
  changedBody,
  formPath,
  listingToFormValues,
  readListingForm,
  type ListingFormValues,
} from '@/lib/owner-listings/form-values';
import { updateMyListingInput } from '@/lib/owner-listings/patch-schema';
import { requestReview, REVIEW_MESSAGE_MAX } from '@/lib/owner-listings/review-request';
import { updateMyListing } from '@/lib/owner-listings/update';
import { formRefusal } from './form-check';
import { sessionContext } from './session-context';
import { signedOutState, type ActionState } from './state';

export type ListingEditState = ActionState<
  ListingFormValues & { apply_to: string[] },
  { version: number; values: ListingFormValues }
>;

const listingIdOf = rowIdOf;

export async function saveListingAction(prev: ListingEditState, fd: FormData): Promise<ListingEditState> {
  const nonce = (prev.nonce ?? 0) + 1;
  const read = readListingForm(fd);
  const values = { ...read.values, apply_to: read.applyTo };
  const bad = formRefusal(fd);
  if (bad) return { ...bad, nonce, values };
  const id = listingIdOf(fd.get('listing_id'));
  const user = await getCurrentUser();
  if (!user) return signedOutState(values, nonce);
  const refuse = (message: string, fieldErrors: Record<string, string> = {}): ListingEditState => ({
    status: 'error',
    nonce,
    message,
    fieldErrors,
    values,
  });
  if (id === null) return refuse('This listing was not found.');
  const ctx = await sessionContext(user);
  const version = Number(fd.get('version') ?? '');

  let current;
  try {
    current = await getMyListing(ctx.db, ctx, user.id, id);
  } catch {
    return refuse('This listing was not found. It may have been removed.');
  }
  if (Number.isInteger(version) && version !== current.version)
    return refuse(
      `This listing was changed elsewhere since you opened it (it is now at version ${current.version}). Nothing was saved; your text is still here. Reload the page to see the changes, then save again.`,
    );
  const { body, errors } = changedBody(listingToFormValues(current), read.values);
  if (Object.keys(errors).length === 0 && Object.keys(body).length === 0)
    return { status: 'ok', nonce, message: 'Nothing to save: no changes since the last save.' };

  const parsed = updateMyListingInput.safeParse({
    listing_id: id,
    version: current.version,
    ...body,
    ...(read.applyTo.length ? { apply_to: read.applyTo } : {}),
  });
  // Every field's refusal at once: the form's own reading (a year, a number) and the schema's.
  const fieldErrors: Record<string, string> = { ...errors };
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      fieldErrors[formPath(issue.path.join('.'), read.faqIndex)] ??= plainMessage(issue);
  if (!parsed.success || Object.keys(fieldErrors).length)
    return refuse('Some values need fixing before they can be saved.', fieldErrors);
  try {
    const r = await updateMyListing(ctx, parsed.data);
    revalidatePath(`/account/listings/${id}`);
    revalidatePath('/account/listings');
    const elsewhere = r.applied_to
      .map((a) => `${a.site_name}: ${a.changed_fields.length ? a.changed_fields.join(', ') : 'already the same'}`)
      .join('; ');
    const message = r.version_created
      ? `Saved as version ${r.version_created}${savedWhere(r.status)}.${elsewhere ? ` Also applied on ${elsewhere}.` : ''}`
      : 'Nothing changed.';
    return { status: 'ok', nonce, message, data: { version: r.version, values: listingToFormValues(r) } };
  } catch (err) {
    if (err instanceof AppError) {
      const fieldErrors: Record<string, string> = {};
      for (const e of err.errors ?? []) fieldErrors[formPath(e.path, read.faqIndex)] = e.message;
      return refuse(
        err.code === 'version_conflict'
          ? 'This listing was changed elsewhere just now. Nothing was saved; reload the page, then save again.'
          : err.message,
        fieldErrors,
      );
    }
    console.error('[my-listings] save failed:', err);
    return refuse('Your changes could not be saved just now. Please try again.');
  }
}

function savedWhere(status: string): string {
  if (status === 'live') return ' and live on the public page';
  if (status === 'rejected')
    return ': the listing stays rejected until the site team restores it (ask them for another look above)';
  if (status === 'archived') return ': the listing stays archived';
  return ': it shows on the public page once the listing is live';
}

export type ReviewRequestState = ActionState<{ message: string }>;

/** A rejected listing's owner asks the site team to look again (lib/owner-listings/review-request). */
export async function requestReviewAction(_prev: ReviewRequestState, fd: FormData): Promise<ReviewRequestState> {
  const values = { message: String(fd.get('message') ?? '').slice(0, REVIEW_MESSAGE_MAX * 2) };
  const bad = formRefusal(fd);
  if (bad) return { ...bad, values };
  const user = await getCurrentUser();
  if (!user) return signedOutState(values);
  const id = listingIdOf(fd.get('listing_id'));
  if (id === null) return { status: 'error', message: 'This listing was not found.', values };
  try {
    await requestReview(await sessionContext(user), { listingId: id, message: values.message });
    return {
      status: 'ok',
      message: 'Sent: the site team is asked to look again, and mails you what they decide. You can ask once a day.',
      values: { message: '' },
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = err.errors?.[0]?.path === 'message' ? { message: err.message } : undefined;
    return { status: 'error', message: err.message, fieldErrors: field, values };
  }
}
