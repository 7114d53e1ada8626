// Every error code the service can answer with, and its HTTP status. `satisfies` makes the
// compiler check the map is complete: add a code to the union and it must get a status here.
export type ErrorCode =
  | 'bad_request'
  | 'malformed_json'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'insufficient_scope'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'idempotency_in_flight'
  | 'idempotency_key_reuse'
  | 'idempotency_key_invalid'
  | 'payload_too_large'
  | 'validation_failed'
  | 'unprocessable'
  | 'blocked_address'
  | 'invite_limit_reached'
  | 'draft_not_ready'
  | 'version_conflict'
  | 'rate_limited'
  | 'promo_code_invalid'
  | 'listing_state'
  | 'payment_unavailable'
  | 'service_busy'
  | 'internal';

export const statusByCode = {
  bad_request: 400,
  malformed_json: 400,
  idempotency_key_invalid: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_in_flight: 409,
  idempotency_key_reuse: 422,
  payload_too_large: 413,
  validation_failed: 422,
  unprocessable: 422,
  blocked_address: 422,
  invite_limit_reached: 422,
  draft_not_ready: 409,
  version_conflict: 409,
  rate_limited: 429,
  promo_code_invalid: 422,
  listing_state: 409,
  payment_unavailable: 503,
  service_busy: 503,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export const titleByStatus: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  500: 'Internal Server Error',
};
