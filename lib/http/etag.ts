// ETag / If-Match for operations that declare `etag` (a version number in their output and input):
// the ETag is the quoted number; If-Match with it becomes the input field, so a stale one is the
// operation's own 409 (as the spec asks) rather than 412.
import type { AnyOperation } from '@/lib/operations/define';
import { AppError } from '@/lib/errors/app-error';

/** `"12"` → 12; `*` (or no header) → undefined; anything else is refused. */
export function parseIfMatch(header: string | null): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const m = /^"(\d{1,15})"$/.exec(value);
  if (!m)
    throw new AppError('bad_request', 'If-Match must be one ETag this API returned, like "3" (quotes included), or *.');
  return Number(m[1]);
}

/** The request input with If-Match applied (a version in the body must agree with it). */
export function withIfMatch(
  op: AnyOperation,
  input: Record<string, unknown>,
  header: string | null,
): Record<string, unknown> {
  const field = op.etag;
  if (!field || !(field in op.input.shape)) {
    // Ignored, a client would think its write was guarded (RFC 9110 asks the condition be evaluated).
    if (op.method !== 'GET' && header?.trim() && header.trim() !== '*')
      throw new AppError(
        'bad_request',
        `${op.name} keeps no version to match: send it without If-Match. Versions guard update_draft and update_my_listing.`,
      );
    return input;
  }
  const version = parseIfMatch(header);
  if (version === undefined) return input;
  if (input[field] !== undefined && input[field] !== version)
    throw new AppError(
      'bad_request',
      `If-Match (${version}) and the body's ${field} (${String(input[field])}) disagree; send one of them.`,
    );
  return { ...input, [field]: version };
}

/** `ETag` for a success body, or for the `current` object a version_conflict problem carries. */
export function etagHeader(op: AnyOperation, body: unknown): Record<string, string> {
  if (!op.etag || !body || typeof body !== 'object') return {};
  const source = (body as { current?: unknown }).current ?? body;
  const value = (source as Record<string, unknown>)[op.etag];
  return typeof value === 'number' ? { etag: `"${value}"` } : {};
}
