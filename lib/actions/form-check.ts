// Server actions take the same string check as the API (lib/input/strings.ts): a form field with a
// NUL or an unpaired surrogate is refused naming the field, before anything reads it.
import { stringProblem } from '@/lib/input/strings';

export type FormRefusal = {
  status: 'error';
  message: string;
  fieldErrors: Record<string, string>;
  code: 'validation_failed';
};

/** The refusal for a form holding a bad string (in a name or a value), or null when it is clean. */
export function formRefusal(fd: FormData): FormRefusal | null {
  for (const [name, value] of fd.entries()) {
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
  return null;
}
