'use server';
// Draft editor actions: save (only what changed), restore / regenerate one field, submit as a
// listing, invite a co-founder, and try a failed URL again. They call lib/drafts directly.
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getCurrentUser, requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { updateDraftInput } from '@/lib/drafts/patch-schema';
import { getDraft, removeFailedDraft } from '@/lib/drafts/queries';
import { submitDraft } from '@/lib/drafts/submit-draft';
import { loadOwnListing } from '@/lib/owner-listings/access';
import type { DbOrTx } from '@/db/client';
import { updateDraft } from '@/lib/drafts/update-draft';
import { inviteCofounder } from '@/lib/drafts/invites';
import { submitUrl } from '@/lib/drafts/submit-url';
import {
  DRAFT_FIELD_NAMES,
  PROFILE_FIELDS,
  SAVED_STATES,
  type DraftFieldName,
  type DraftView,
} from '@/lib/drafts/types';
import { draftToValues, readEditorForm, type EditorValues } from '@/lib/drafts/form-values';
import { FIELD_LABELS } from '@/lib/drafts/field-labels';
import { sessionContext } from './session-context';
import { buildPatch, changedCount, formPath } from '@/lib/drafts/form-patch';
import { mergeValues, readChoices } from '@/lib/drafts/conflict';
import { signedOutState, type ActionState } from './state';
import { submitErrorFor } from '@/lib/site/notices';
import { formRefusal } from './form-check';
import { plainMessage } from '@/lib/errors/zod-messages';

/** The draft changed since the editor loaded it (another tab): nothing was saved. */
export type EditorConflict = { version: number; mine: EditorValues; theirs: EditorValues };

/**
 * values: echoed on a refusal so the founder's typing is not lost; data: the listing a submit made;
 * conflict: a stale version (choose, then intent=resolve); saved: the version and values just saved.
 */
export type EditorState = ActionState<
  EditorValues,
  { listing_id: number; listing_status: string; created: boolean }
> & {
  conflict?: EditorConflict;
  saved?: { version: number; values: EditorValues };
};

/** The version the form was loaded at (a resolve sends the version of the conflict it settles). */
function formVersion(v: FormDataEntryValue | null): number | undefined {
  const n = Number(v ?? '');
  return v !== null && v !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
}

const isField = (v: string): v is DraftFieldName => (DRAFT_FIELD_NAMES as readonly string[]).includes(v);

function isSavedField(d: DraftView, name: DraftFieldName): boolean {
  const state = (PROFILE_FIELDS as readonly string[]).includes(name)
    ? d.fields[name as (typeof PROFILE_FIELDS)[number]].state
    : d.sections[name as keyof DraftView['sections']].state;
  return SAVED_STATES.includes(state);
}

/** The listing of a submitted draft, or null when the draft was not submitted or its listing is gone. */
async function submittedListing(db: DbOrTx, userId: string, draft: DraftView) {
  if (draft.status !== 'submitted' || draft.listing_id === null) return null;
  return loadOwnListing(db, userId, draft.listing_id).catch(() => null);
}

export async function saveDraftAction(prev: EditorState, fd: FormData): Promise<EditorState> {
  const bad = formRefusal(fd);
  if (bad) return { ...bad, nonce: (prev.nonce ?? 0) + 1, values: readEditorForm(fd).values };
  const id = String(fd.get('draft_id') ?? '');
  const nonce = (prev.nonce ?? 0) + 1;
  // Signed out while typing (another tab, an expired session): a redirect to sign-in would drop the
  // form; the refusal keeps it, and the save goes through once signed in again.
  const user = await getCurrentUser();
  if (!user) return signedOutState(readEditorForm(fd).values, nonce);
  const [verb, name = ''] = String(fd.get('intent') ?? 'save').split(':');
  const target = isField(name) ? name : null;
  let read = readEditorForm(fd);
  const version = formVersion(fd.get(verb === 'resolve' ? 'conflict_version' : 'version'));
  const refuse = (message: string, fieldErrors: Record<string, string> = {}): EditorState => ({
    status: 'error',
    nonce,
    message,
    fieldErrors,
    values: read.values,
  });
  const conflictWith = (now: DraftView): EditorState => ({
    status: 'error',
    nonce,
    message: 'This draft was changed in another tab or window. Nothing was saved yet: choose what to keep.',
    values: read.values,
    conflict: { version: now.version, mine: read.values, theirs: draftToValues(now) },
  });

  const ctx = await sessionContext(user);
  let current: DraftView;
  try {
    current = await getDraft(ctx.db, user.id, id);
  } catch {
    return { status: 'error', nonce, message: 'This draft was not found. It may have been removed.' };
  }
  if (version !== undefined && version !== current.version) return conflictWith(current);
  if (verb === 'resolve') read = { ...read, values: mergeValues(read.values, draftToValues(current), readChoices(fd)) };
  const skip = new Set<DraftFieldName>(target && (verb === 'restore' || verb === 'regenerate') ? [target] : []);
  const { patch, errors } = buildPatch(draftToValues(current), read, skip);
  if (Object.keys(errors).length) return refuse('Some values need fixing before they can be saved.', errors);
  const typed = changedCount(patch);
  if (verb === 'restore' && target) patch.restore = [target];
  if (verb === 'regenerate' && target) {
    patch.regenerate = [target];
    if (isSavedField(current, target)) patch.restore = [target];
  }

  const parsed = updateDraftInput.safeParse({ id, ...patch, version });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      // The form's date picker shows no YYYY-MM-DD: an empty one is asked for in its own words.
      const [list, row, field] = issue.path;
      const noDate = list === 'milestones' && field === 'date' && !patch.milestones?.[Number(row)]?.date;
      fieldErrors[formPath(issue.path.join('.'), read.rowIndex)] ??= noDate
        ? 'Choose the date it happened.'
        : plainMessage(issue);
    }
    return refuse('Some values need fixing before they can be saved.', fieldErrors);
  }
  const changes = changedCount(patch);
  try {
    const saved = changes > 0 ? await updateDraft(ctx, parsed.data) : current;
    let submitted: EditorState['data'];
    if (verb === 'submit') {
      const listing = await submittedListing(ctx.db, user.id, current);
      if (listing) {
        // "Update listing": the save above put what this form changed on the listing. submit_draft
        // would put the whole draft over edits made on the listing since (docs/decisions.md#listing-edits).
        submitted = { listing_id: listing.id, listing_status: listing.status, created: false };
      } else {
        const r = await submitDraft({ ...ctx, now: new Date() }, id);
        submitted = { listing_id: r.listing_id, listing_status: r.listing_status, created: r.created };
      }
    }
    revalidatePath(`/drafts/${id}`);
    revalidatePath('/drafts');
    const label = target ? FIELD_LABELS[target] : '';
    const message =
      verb === 'submit'
        ? undefined
        : verb === 'restore'
          ? `${label} is back to what your site says.`
          : verb === 'regenerate'
            ? `${label} was drafted again from your site.`
            : verb === 'resolve'
              ? 'Saved with your choices.'
              : changes > 0
                ? 'Saved.'
                : current.status !== 'submitted'
                  ? 'Saved.' // before submission, autosave may have saved it already
                  : 'Nothing to save: no changes since the last save.';
    const alsoSaved =
      (verb === 'restore' || verb === 'regenerate') && typed > 0 ? ' Your other changes were saved too.' : '';
    return {
      status: 'ok',
      nonce,
      message: message && message + alsoSaved,
      data: submitted,
      ...(submitted ? {} : { saved: { version: saved.version, values: draftToValues(saved) } }),
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'version_conflict')
      return conflictWith(err.extra?.current as DraftView);
    if (err instanceof AppError) {
      const fieldErrors: Record<string, string> = {};
      for (const e of err.errors ?? []) fieldErrors[formPath(e.path, read.rowIndex)] = e.message;
      return refuse(err.message, fieldErrors);
    }
    console.error('[drafts] save failed:', err);
    return refuse('Your changes could not be saved just now. Please try again.');
  }
}

/** data.sent: the address the invite went to. */
export type InviteState = ActionState<{ email: string }, { sent: string }>;

export async function inviteCofounderAction(prev: InviteState, fd: FormData): Promise<InviteState> {
  const bad = formRefusal(fd);
  if (bad) return { ...bad, nonce: (prev.nonce ?? 0) + 1 };
  const id = String(fd.get('draft_id') ?? '');
  const user = await requireUser(`/drafts/${encodeURIComponent(id)}`);
  const email = String(fd.get('email') ?? '').trim();
  const nonce = (prev.nonce ?? 0) + 1;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return { status: 'error', nonce, message: 'Enter an email address, e.g. sam@example.com.', values: { email } };
  try {
    const ctx = await sessionContext(user);
    await inviteCofounder(ctx, id, email);
    revalidatePath(`/drafts/${id}`);
    return {
      status: 'ok',
      nonce,
      message: `Invite sent to ${email.toLowerCase()}.`,
      data: { sent: email.toLowerCase() },
    };
  } catch (err) {
    if (err instanceof AppError)
      return { status: 'error', nonce, message: err.errors?.[0]?.message ?? err.message, values: { email } };
    console.error('[drafts] invite failed:', err);
    return {
      status: 'error',
      nonce,
      message: 'The invite could not be sent just now. Please try again.',
      values: { email },
    };
  }
}

/** A failed draft removed from the owner's drafts: back to the list, which says so. */
export async function removeFailedDraftAction(fd: FormData): Promise<void> {
  if (formRefusal(fd)) redirect('/drafts');
  const id = String(fd.get('draft_id') ?? '');
  const user = await requireUser(`/drafts/${encodeURIComponent(id)}`);
  const ctx = await sessionContext(user);
  // Gone already (a second press, another tab) is as good as removed; one that is not failed (a retry
  // of it in another tab) stays, and its page shows it.
  const refused = await removeFailedDraft(ctx.db, user.id, id, ctx.now).then(
    () => null,
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return null;
      if (err instanceof AppError && err.code === 'conflict') return err;
      throw err;
    },
  );
  if (refused) redirect(`/drafts/${encodeURIComponent(id)}`);
  revalidatePath('/drafts');
  redirect('/drafts?removed=1');
}

/** A failed draft: submit its URL again and go to the new draft. */
export async function retryDraftAction(fd: FormData): Promise<void> {
  if (formRefusal(fd)) redirect('/submit');
  const id = String(fd.get('draft_id') ?? '');
  const user = await requireUser(`/drafts/${encodeURIComponent(id)}`);
  const ctx = await sessionContext(user);
  const old = await getDraft(ctx.db, user.id, id).catch(() => null);
  if (!old) redirect('/submit');
  let nextId: string;
  try {
    nextId = (await submitUrl(ctx, old.url)).id;
  } catch (err) {
    redirect(
      `/submit?url=${encodeURIComponent(old.url)}&error=${submitErrorFor(err instanceof AppError ? err.code : undefined)}`,
    );
  }
  revalidatePath('/drafts');
  redirect(`/drafts/${nextId}`);
}
