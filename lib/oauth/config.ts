// Settings and discovery documents of the site's OAuth 2.1 authorization server.
import { SCOPES } from '@/lib/auth/principal';

export const ACCESS_TOKEN_TTL_S = Number(process.env.OAUTH_ACCESS_TOKEN_TTL_S || 3600);
export const REFRESH_TOKEN_TTL_S = Number(process.env.OAUTH_REFRESH_TOKEN_TTL_S || 30 * 24 * 3600);
export const CODE_TTL_S = 60;
export const CONSENT_TTL_S = 10 * 60;
/** How long a fetched client metadata document is trusted before it is fetched again. */
export const CIMD_CACHE_S = 3600;
/** How long a client metadata document that could not be used is answered from memory. */
export const CIMD_FAILURE_CACHE_S = 30;
/** A dynamically registered client no user allowed within this time is deleted (housekeeping). */
export const UNUSED_CLIENT_TTL_S = 24 * 3600;
/** At most this many dynamically registered clients may be waiting for their first grant. */
export const maxUnusedClients = () => Number(process.env.OAUTH_MAX_UNUSED_CLIENTS || 1000);

export const ACCESS_PREFIX = 'pdo_at_';
export const REFRESH_PREFIX = 'pdo_rt_';

export const mcpResource = (baseUrl: string) => `${baseUrl}/mcp`;
export const apiResource = (baseUrl: string) => `${baseUrl}/api/v1`;

/** The resources (RFC 8707 audiences) a token can be issued for; the MCP server first. */
export const resources = (baseUrl: string) => [mcpResource(baseUrl), apiResource(baseUrl)];

export function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${baseUrl}/docs/api`,
  };
}

export function protectedResourceMetadata(baseUrl: string, resource = mcpResource(baseUrl)) {
  return {
    resource,
    authorization_servers: [baseUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: resource === mcpResource(baseUrl) ? 'Product Directory MCP server' : 'Product Directory REST API',
    resource_documentation: `${baseUrl}/docs/api`,
  };
}
