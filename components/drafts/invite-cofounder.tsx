'use client';
// Invite a co-founder by email (at most 10 per draft). The inputs sit inside the editor's layout
// but belong to their own <form> through the `form` attribute (forms cannot nest).
import { useActionState } from 'react';
import { inviteCofounderAction, type InviteState } from '@/lib/actions/drafts';
import { idleState } from '@/lib/actions/state';
import { MAX_INVITES, type InviteView } from '@/lib/drafts/types';
import { badgeClass, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';

export const INVITE_FORM_ID = 'invite-cofounder-form';

const statusTone: Record<InviteView['status'], BadgeTone> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'neutral',
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
  return useActionState<InviteState, FormData>(inviteCofounderAction, idleState({ nonce: 0 }));
}

export function InviteCofounder({
  invites,
  state,
  pending,
}: {
  invites: InviteView[];
  state: InviteState;
  pending: boolean;
}) {
  const left = MAX_INVITES - invites.length;
  return (
    <div className="mt-5 rounded-xl bg-stone-50 p-3 sm:p-4">
      <h4 className="text-sm font-semibold text-stone-900">Invite a co-founder</h4>
      <p className="mt-0.5 text-xs text-stone-600">
        They get an email link to sign in and add their own profile, photo and links.{' '}
        {left > 0 ? `${left} of ${MAX_INVITES} invites left.` : ''}
      </p>
      {left > 0 ? (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            key={state.status === 'ok' ? `sent-${state.nonce}` : 'invite-email'}
            form={INVITE_FORM_ID}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            defaultValue={state.status === 'error' ? state.values?.email : ''}
            placeholder="cofounder@example.com"
            aria-label="Co-founder's email"
            aria-invalid={state.status === 'error' ? true : undefined}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit" form={INVITE_FORM_ID} variant="neutral" disabled={pending}>
            {pending ? 'Sending…' : 'Send invite'}
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-sm text-stone-600">You have sent the maximum of {MAX_INVITES} invites.</p>
      )}
      <FormStatus state={state} className="mt-1.5 text-sm" />
      {invites.length > 0 && (
        <ul className="mt-3 space-y-1">
          {invites.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-stone-700">{i.email}</span>
              <span className={badgeClass(statusTone[i.status])}>
                {i.status === 'pending' ? 'Invited' : i.status === 'accepted' ? 'Joined' : 'Expired'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
