import type { OperationScope } from '@/lib/operations/define';
import type { Challenge } from '@/lib/operations/execute';

// RFC 6750 challenges. The resource_metadata parameter (RFC 9728) lets OAuth clients discover
// how to get a token for the resource that answered (the REST API's own, unless the MCP server's is
// given); API-key users just need the realm and the scope.

/** RFC 9728 metadata of the REST API (/api/v1): tokens for it are asked with resource=<base>/api/v1. */
export const restResourceMetadataUrl = (baseUrl: string) => `${baseUrl}/.well-known/oauth-protected-resource/api/v1`;
export function unauthorizedHeaders(
  baseUrl: string,
  scope: OperationScope,
  error?: 'invalid_token',
): Record<string, string> {
  const parts = [`realm="api"`, `resource_metadata="${restResourceMetadataUrl(baseUrl)}"`];
  if (scope !== 'public') parts.push(`scope="${scope}"`);
  if (error) parts.push(`error="${error}"`);
  return { 'www-authenticate': `Bearer ${parts.join(', ')}` };
}

export function insufficientScopeHeaders(
  baseUrl: string,
  scope: OperationScope,
  metadataUrl = restResourceMetadataUrl(baseUrl),
): Record<string, string> {
  return {
    'www-authenticate': `Bearer realm="api", error="insufficient_scope", scope="${scope}", resource_metadata="${metadataUrl}"`,
  };
}

/** The REST face's challenge for a credential the operation core refused. */
export function challengeHeaders(baseUrl: string, challenge: Challenge): Record<string, string> {
  if (challenge.error === 'insufficient_scope') return insufficientScopeHeaders(baseUrl, challenge.scope);
  return unauthorizedHeaders(baseUrl, challenge.scope, challenge.error);
}
