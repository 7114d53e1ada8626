import { AppError } from '@/lib/errors/app-error';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a body as text, at most `maxBytes`: a declared Content-Length over the cap is refused before
 * anything is read, and the stream is cut off as soon as it passes the cap (a lying or missing
 * Content-Length cannot get more through). Throws `payload_too_large` (413).
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8');
}

async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON object body with a 1 MB cap (streamed, so a lying Content-Length cannot pass it).
 * JSON is UTF-8 (RFC 8259): another declared charset is 415, bytes that are not UTF-8 are 400
 * (they were read as U+FFFD and stored).
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, MAX_BODY_BYTES);
  if (/^[ \t\r\n]*$/.test(bytes.toString('latin1'))) return {};
  const type = request.headers.get('content-type') ?? '';
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
  if (
    (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) ||
    (charset !== undefined && !/^utf-?8$/i.test(charset))
  ) {
    throw new AppError('unsupported_media_type', 'Send the body as JSON in UTF-8 with Content-Type: application/json.');
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppError('malformed_json', 'The body is not valid UTF-8: JSON text is UTF-8 (RFC 8259).');
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
