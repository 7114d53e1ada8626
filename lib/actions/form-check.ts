// Server actions take the same string check as the API (lib/input/strings.ts): a form field with a
// NUL or an unpaired surrogate is refused naming the field, before anything reads it.
import { blankIfInvisible, stringProblem } from '@/lib/input/strings';

export type FormRefusal = {
  status: 'error';
  message: string;
  fieldErrors: Record<string, string>;
  code: 'validation_failed';
};

/**
 * The refusal for a form holding a bad string (in a name or a value), or null when it is clean. A
 * clean form's values that show nothing ("\u200b") are blanked in place, as the API reads them.
 */
export function formRefusal(fd: FormData): FormRefusal | null {
  const entries = [...fd.entries()];
  for (const [name, value] of entries) {
    const problem = stringProblem(name) ?? (typeof value === 'string' ? stringProblem(value) : null);
    if (problem) {
      const field = stringProblem(name) ? '(name)' : name;
      return {
        status: 'error',
        message: `The field ${field} ${problem}`,
        fieldErrors: { [field]: `This value ${problem}` },
        code: 'validation_failed',
      };
    }
  }
  if (entries.some(([, v]) => typeof v === 'string' && blankIfInvisible(v) !== v)) {
    for (const name of new Set(entries.map(([n]) => n))) fd.delete(name);
    for (const [name, value] of entries) fd.append(name, typeof value === 'string' ? blankIfInvisible(value) : value);
  }
  return null;
}
