'use client';
// Cancel a pending order (its reserved week and promo code are released), after a question: a
// stray click used to cancel at once.
import { useActionState } from 'react';
import { cancelOrderAction } from '@/lib/actions/checkout';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button, buttonClass } from '@/components/ui/button';
import { closeDetailsOnEscape } from '@/components/ui/close-on-escape';
import { FormError } from '@/components/ui/form-status';

export function CancelOrderForm({ number, token }: { number: string; token: string | null }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(cancelOrderAction, idleState());
  return (
    <details className="group" onKeyDown={closeDetailsOnEscape}>
      <summary className={buttonClass('ghost', 'sm', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        <span className="group-open:hidden">Cancel this order</span>
        <span className="hidden group-open:inline">Keep the order</span>
      </summary>
      <form action={action} className="mt-2 max-w-md space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-red-900">
          Cancel order {number}? Nothing is charged, and what it holds (a launch week, a promo code) is released for
          others. There is no undo: buying again starts a new order.
        </p>
        <input type="hidden" name="number" value={number} />
        {token && <input type="hidden" name="t" value={token} />}
        <FormError message={state.status === 'error' ? state.message : undefined} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {pending ? 'Cancelling…' : 'Yes, cancel the order'}
        </Button>
      </form>
    </details>
  );
}
