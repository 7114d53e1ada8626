'use client';
import { disconnectAppAction } from '@/lib/actions/connected-apps';
import { ConfirmActionButton } from './confirm-action-button';

export function DisconnectAppButton({ id, name }: { id: number; name: string }) {
  return (
    <ConfirmActionButton
      action={disconnectAppAction}
      id={id}
      name={name}
      labels={{
        verb: 'Disconnect',
        gerund: 'disconnecting',
        confirm: 'Disconnect app',
        warning: 'It loses access at once.',
      }}
    />
  );
}
