import { AppError } from '@/lib/errors/app-error';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a body as text, at most `maxBytes`: a declared Content-Length over the cap is refused before
 * anything is read, and the stream is cut off as soon as it passes the cap (a lying or missing
 * Content-Length cannot get more through). Throws `payload_too_large` (413).
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON object body with a 1 MB cap (streamed, so a lying Content-Length cannot pass it). */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new AppError('malformed_json', `The body is not valid JSON: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('malformed_json', 'The body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(maxBytes: number) {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new AppError('payload_too_large', `The body is larger than ${size}.`);
}
