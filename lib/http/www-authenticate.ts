import type { OperationScope } from '@/lib/operations/define';
import type { Challenge } from '@/lib/operations/execute';

// RFC 6750 challenges. The resource_metadata parameter (RFC 9728) lets OAuth clients discover
// how to get a token; API-key users just need the realm and the scope.
export function unauthorizedHeaders(
  baseUrl: string,
  scope: OperationScope,
  error?: 'invalid_token',
): Record<string, string> {
  const parts = [`realm="api"`, `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`];
  if (scope !== 'public') parts.push(`scope="${scope}"`);
  if (error) parts.push(`error="${error}"`);
  return { 'www-authenticate': `Bearer ${parts.join(', ')}` };
}

export function insufficientScopeHeaders(baseUrl: string, scope: OperationScope): Record<string, string> {
  return {
    'www-authenticate': `Bearer realm="api", error="insufficient_scope", scope="${scope}", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
  };
}

/** The REST face's challenge for a credential the operation core refused. */
export function challengeHeaders(baseUrl: string, challenge: Challenge): Record<string, string> {
  if (challenge.error === 'insufficient_scope') return insufficientScopeHeaders(baseUrl, challenge.scope);
  return unauthorizedHeaders(baseUrl, challenge.scope, challenge.error);
}
