'use client';
// Invite a co-founder by email (at most 10 per draft). The inputs sit inside the editor's layout
// but belong to their own <form> through the `form` attribute (forms cannot nest).
import { useActionState } from 'react';
import { inviteCofounderAction, type InviteState } from '@/lib/actions/drafts';
import { MAX_INVITES, type InviteView } from '@/lib/drafts/types';
import { inputClass } from './field-card';

export const INVITE_FORM_ID = 'invite-cofounder-form';

const statusStyle: Record<InviteView['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  accepted: 'bg-emerald-50 text-emerald-800',
  expired: 'bg-stone-100 text-stone-500',
};

/** The empty <form> the invite inputs belong to; render it outside the editor form. */
export function InviteFormHost({ draftId, action }: { draftId: string; action: (fd: FormData) => void }) {
  return (
    <form id={INVITE_FORM_ID} action={action} className="hidden">
      <input type="hidden" name="draft_id" value={draftId} />
    </form>
  );
}

export function useInvite() {
  return useActionState<InviteState, FormData>(inviteCofounderAction, { nonce: 0 });
}

export function InviteCofounder({ invites, state, pending }: { invites: InviteView[]; state: InviteState; pending: boolean }) {
  const left = MAX_INVITES - invites.length;
  return (
    <div className="mt-5 rounded-xl bg-stone-50 p-3 sm:p-4">
      <h4 className="text-sm font-semibold text-stone-900">Invite a co-founder</h4>
      <p className="mt-0.5 text-xs text-stone-600">They get an email link to sign in and add their own profile, photo and links. {left > 0 ? `${left} of ${MAX_INVITES} invites left.` : ''}</p>
      {left > 0 ? (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            key={state.sent ? `sent-${state.nonce}` : 'invite-email'}
            form={INVITE_FORM_ID}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            defaultValue={state.error ? state.email : ''}
            placeholder="cofounder@example.com"
            aria-label="Co-founder's email"
            aria-invalid={state.error ? true : undefined}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button type="submit" form={INVITE_FORM_ID} disabled={pending} className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-60">
            {pending ? 'Sending…' : 'Send invite'}
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm text-stone-600">You have sent the maximum of {MAX_INVITES} invites.</p>
      )}
      {state.error && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.sent && (
        <p role="status" className="mt-1.5 text-sm text-emerald-700">
          Invite sent to {state.sent}.
        </p>
      )}
      {invites.length > 0 && (
        <ul className="mt-3 space-y-1">
          {invites.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-stone-700">{i.email}</span>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[i.status]}`}>{i.status === 'pending' ? 'Invited' : i.status === 'accepted' ? 'Joined' : 'Expired'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
