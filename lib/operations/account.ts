import { z } from 'zod';
import { SCOPES } from '@/lib/auth/principal';
import { defineOperation } from './define';

export const getAccountOp = defineOperation({
  name: 'get_account',
  method: 'GET',
  path: '/me',
  scope: 'account:read',
  idempotent: false,
  tag: 'Account',
  summary: 'Who is signed in',
  description: 'The signed-in account and what this credential allows.',
  input: z.strictObject({}),
  output: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      role: z.enum(['member', 'admin']),
      auth: z.object({
        kind: z.enum(['api_key', 'oauth', 'session']).meta({ description: 'How this request was authenticated.' }),
        scopes: z.array(z.enum(SCOPES)),
        credential_name: z.string().nullable().meta({ description: 'API key name or OAuth client name.' }),
      }),
    })
    .meta({ id: 'Account' }),
  handler: async (ctx) => ({
    id: ctx.principal.userId,
    email: ctx.principal.email,
    name: ctx.principal.name,
    role: ctx.principal.role,
    auth: {
      kind: ctx.principal.authKind,
      scopes: ctx.principal.scopes,
      credential_name: ctx.principal.credentialName ?? null,
    },
  }),
  text: (o) => `Signed in as ${o.email ?? o.id} via ${o.auth.kind} (${o.auth.scopes.join(', ')})`,
});
