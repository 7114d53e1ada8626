// OAuth error answers (RFC 6749 §5.2 shape, fixed by the RFCs rather than our problem+json).
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'temporarily_unavailable';

export class OAuthFailure extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthFailure';
  }
}

export const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...noStore, ...headers },
  });
}

export function oauthErrorResponse(err: OAuthFailure): Response {
  return oauthJson(
    { error: err.error, error_description: err.description },
    err.status,
    err.status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {},
  );
}
