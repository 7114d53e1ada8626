'use client';
import { revokeApiKeyAction } from '@/lib/actions/api-keys';
import { ConfirmActionButton } from './confirm-action-button';

export function RevokeKeyButton({ id, name }: { id: number; name: string }) {
  return (
    <ConfirmActionButton
      action={revokeApiKeyAction}
      id={id}
      name={name}
      labels={{ verb: 'Revoke', gerund: 'revoking', confirm: 'Revoke key', warning: 'Apps using it stop working.' }}
    />
  );
}
