// The one check every string entering the service passes (docs/decisions.md#usability-and-robustness): no NUL (U+0000) and no
// unpaired UTF-16 surrogate, in any value or key, at any depth. PostgreSQL cannot store a NUL in
// text, and a lone surrogate cannot be encoded as UTF-8: both would otherwise end as a 500. A field
// named __proto__ is refused too.
import { AppError, type FieldError } from '@/lib/errors/app-error';

/** Deeper input than this is refused (nothing the service accepts nests beyond a few levels). */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. Typed text never holds them. */
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Text direction embeddings, overrides and isolates: they reorder what follows ("\u202egnp.exe" reads
 * as "exe.png"), a spoofing tool in titles that go to public pages and feeds. The marks (LRM, RLM)
 * are kept: they change no order.
 */
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Nothing a reader can see: white space, format characters (zero-width space, joiners, BOM, bidi
 * marks), combining marks with nothing to sit on, and blank fillers.
 */
const INVISIBLE = /^[\s\p{Cf}\p{M}\u115f\u1160\u2800\u3164\uffa0]+$/u;

/** What is wrong with one string, or null when it is clean. */
export function stringProblem(s: string): string | null {
  if (s.includes('\0')) return 'must not contain a NUL character (U+0000).';
  if (LONE_SURROGATE.test(s)) return 'must not contain an unpaired UTF-16 surrogate.';
  const control = CONTROL.exec(s);
  if (control)
    return `must not contain a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}).`;
  const direction = DIRECTION_CONTROL.exec(s);
  if (direction)
    return `must not contain a text direction override (U+${direction[0].charCodeAt(0).toString(16).toUpperCase()}).`;
  return null;
}

/**
 * A string that shows nothing ("\u200b\u200b", a lone bidi mark) is read as "", as spaces are: the
 * schemas' emptiness checks then refuse it where a value is required. Anything else is kept as sent.
 */
export function blankIfInvisible(s: string): string {
  return INVISIBLE.test(s) ? '' : s;
}

/** The value with every invisible string blanked (see blankIfInvisible), at any depth; others as they are. */
export function withInvisibleBlanked<T>(value: T): T {
  if (typeof value === 'string') return blankIfInvisible(value) as T;
  if (Array.isArray(value)) return value.map(withInvisibleBlanked) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withInvisibleBlanked(v)])) as T;
}

const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));

/** The first bad string (or key) in a value, with its dotted path; walks without recursion. */
export function findBadInput(value: unknown, root = ''): FieldError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) return { path: item.path || '(root)', message: `The value ${problem}` };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH)
      return { path: item.path || '(root)', message: `The value is nested more than ${MAX_INPUT_DEPTH} levels deep.` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], path: join(item.path, i), depth: item.depth + 1 });
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const keyProblem = stringProblem(key);
      if (keyProblem) return { path: item.path || '(root)', message: `A field name ${keyProblem}` };
      // JSON.parse keeps "__proto__" as a field, which zod then drops without a word.
      if (key === '__proto__') return { path: join(item.path, key), message: 'No field may be named __proto__.' };
      stack.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return null;
}

/** Throws 422 validation_failed naming the field when the input holds a bad string. */
export function assertCleanInput(value: unknown, root = ''): void {
  const bad = findBadInput(value, root);
  if (bad) throw new AppError('validation_failed', `Invalid input at ${bad.path}: ${bad.message}`, { errors: [bad] });
}
