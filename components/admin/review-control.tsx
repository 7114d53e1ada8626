'use client';
// "Mark reviewed" for one edit; once reviewed, who and when. The status line stays in place, so the
// change is announced.
import { useActionState } from 'react';
import { markReviewedAction, type ReviewState } from '@/lib/actions/admin';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

export function ReviewControl({
  versionId,
  label,
  reviewed,
}: {
  versionId: number;
  label: string;
  reviewed: string | null;
}) {
  const [state, action, pending] = useActionState<ReviewState, FormData>(markReviewedAction, idleState());
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!reviewed && (
        <form action={action}>
          <input type="hidden" name="id" value={versionId} />
          <Button type="submit" variant="secondary" size="sm" disabled={pending} aria-label={`Mark ${label} reviewed`}>
            {pending ? 'Marking…' : 'Mark reviewed'}
          </Button>
        </form>
      )}
      <FormStatus
        state={reviewed ? { status: 'ok', message: reviewed } : state.status === 'error' ? state : { status: 'idle' }}
        className="text-xs"
      />
    </div>
  );
}
