'use client';
// Cancel a pending order (its reserved week and promo code are released).
import { useActionState } from 'react';
import { cancelOrderAction } from '@/lib/actions/checkout';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-status';

export function CancelOrderForm({ number, token }: { number: string; token: string | null }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(cancelOrderAction, idleState());
  return (
    <form action={action}>
      <input type="hidden" name="number" value={number} />
      {token && <input type="hidden" name="t" value={token} />}
      <FormError message={state.status === 'error' ? state.message : undefined} className="mb-2" />
      <Button type="submit" variant="ghost" size="sm" disabled={pending}>
        Cancel this order
      </Button>
    </form>
  );
}
