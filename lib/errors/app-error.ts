import { statusByCode, type ErrorCode } from './codes';

export type FieldError = { path: string; message: string };

/** The one error class of the domain. Its message is written for the client; it is safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.errors = opts.errors;
    this.headers = opts.headers;
    this.extra = opts.extra;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);

/** A 422 naming one field, for business-rule refusals. */
export const fieldError = (path: string, message: string, code: ErrorCode = 'validation_failed') =>
  new AppError(code, message, { errors: [{ path, message }] });

/** A 503 with Retry-After: the database is protecting itself (statement timeout, too many searches at once). */
export const serviceBusy = (detail: string, retryAfterSeconds = 1) =>
  new AppError('service_busy', detail, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    extra: { retry_after: retryAfterSeconds },
  });
