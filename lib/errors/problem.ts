import { plainMessage } from './zod-messages';
import { z } from 'zod';
import { ZodError } from 'zod';
import { AppError, serviceBusy, type FieldError } from './app-error';
import { titleByStatus, type ErrorCode } from './codes';
import { isQueryCanceled } from './database';

export const problemSchema = z
  .object({
    type: z.string().meta({
      description: 'A URI naming the problem type.',
      example: 'https://productdirectory.dev/problems/validation_failed',
    }),
    title: z.string().meta({ description: 'Short summary of the status.' }),
    status: z.number().int().meta({ description: 'The HTTP status code.' }),
    detail: z.string().meta({ description: 'What went wrong, for a person.' }),
    code: z.string().meta({ description: 'Machine-readable error code.', example: 'validation_failed' }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Per-field problems; path is dotted (e.g. faqs.5).' }),
  })
  .passthrough()
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export type Problem = z.infer<typeof problemSchema>;

export function problemType(code: ErrorCode | string) {
  return `https://productdirectory.dev/problems/${code}`;
}

export function toProblem(err: AppError): Problem {
  return {
    type: problemType(err.code),
    title: titleByStatus[err.status] ?? 'Error',
    status: err.status,
    detail: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.extra ?? {}),
  };
}

/** Unknown fields named in a refusal; past them, how many more (20,000 keys made a 600 KB answer). */
const KEYS_NAMED = 20;
const KEY_SHOWN = 100;

export function zodToFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const base = issue.path.join('.');
      const named = issue.keys
        .slice(0, KEYS_NAMED)
        .map((k) => (k.length > KEY_SHOWN ? `${k.slice(0, KEY_SHOWN)}…` : k));
      const more = issue.keys.length - named.length;
      const tail = more > 0 ? ` and ${more} more` : '';
      return {
        path: named.map((k) => (base ? `${base}.${k}` : k)).join(', ') + tail,
        message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${named.join(', ')}${tail}.`,
      };
    }
    return { path: issue.path.join('.') || '(root)', message: plainMessage(issue) };
  });
}

export function validationError(error: ZodError): AppError {
  const errors = zodToFieldErrors(error);
  // An unknown field is named first: a misspelt key ("question_id") is why its field is missing.
  const first = errors.find((e) => e.message.startsWith('Unknown field')) ?? errors[0];
  return new AppError(
    'validation_failed',
    first ? `Invalid input at ${first.path}: ${first.message}` : 'Invalid input.',
    { errors },
  );
}

/** The database protecting itself (a statement timeout, too many searches at once): answered 503, not a bug. */
export function isServiceBusy(err: unknown): boolean {
  return err instanceof AppError ? err.code === 'service_busy' : isQueryCanceled(err);
}

/** Anything thrown becomes a problem; unknown errors are logged and hidden. */
export function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(err);
  if (isQueryCanceled(err)) return serviceBusy('The database is busy: the query took too long. Try again shortly.');
  // The client hung up while its body was read: nobody reads the answer, and nothing went wrong here.
  if (clientAborted(err)) return new AppError('bad_request', 'The request was cut off before its body arrived.');
  console.error('[internal error]', err);
  return new AppError('internal', 'Something went wrong on our side. Please try again.');
}

function clientAborted(err: unknown): boolean {
  return err instanceof Error && err.message === 'aborted' && (err as { code?: unknown }).code === 'ECONNRESET';
}
