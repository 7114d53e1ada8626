'use client';
// Cancel a pending order (its reserved week and promo code are released), after a question: a
// stray click used to cancel at once.
import { useActionState } from 'react';
import { cancelOrderAction } from '@/lib/actions/checkout';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { ConfirmDisclosure } from '@/components/ui/confirm-disclosure';
import { FormError } from '@/components/ui/form-status';

export function CancelOrderForm({ number, token }: { number: string; token: string | null }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(cancelOrderAction, idleState());
  return (
    <ConfirmDisclosure
      open="Cancel this order"
      keep="Keep the order"
      question={`Cancel order ${number}? Nothing is charged, and what it holds (a launch week, a promo code) is released for others. There is no undo: buying again starts a new order.`}
    >
      <form action={action} className="mt-2 space-y-2">
        <input type="hidden" name="number" value={number} />
        {token && <input type="hidden" name="t" value={token} />}
        <FormError message={state.status === 'error' ? state.message : undefined} />
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {pending ? 'Cancelling…' : 'Yes, cancel the order'}
        </Button>
      </form>
    </ConfirmDisclosure>
  );
}
