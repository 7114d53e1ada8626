export const SCOPES = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof SCOPES)[number];

export const scopeDescriptions: Record<Scope, string> = {
  'account:read': 'Read your listings, drafts, orders and account',
  'listings:write': 'Edit listings, drafts, founder story, interview and choose the free plan',
  'orders:write': 'Get quotes and create checkout links (payment always happens on the site)',
};

/** Who is calling and what the credential allows. */
export type Principal = {
  userId: string;
  email: string | null;
  name: string | null;
  role: 'member' | 'admin';
  authKind: 'api_key' | 'oauth' | 'session';
  scopes: Scope[];
  /** api key id, OAuth token id or session id */
  credentialId: string;
  /** label of the credential (api key name, OAuth client name) */
  credentialName?: string;
  /** OAuth tokens only: the resource (RFC 8707 audience) the token was issued for. */
  resource?: string;
};

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
