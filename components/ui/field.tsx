// A labelled input: label, the control, then its error (when there is one) or a hint.
import { FieldError } from './field-error';

const inputBase =
  'block w-full border border-stone-300 bg-white text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none aria-invalid:border-red-500';

/** Text inputs, selects and textareas. */
export const inputClass = `${inputBase} rounded-lg px-3 py-2 sm:text-sm`;

/** The one large input of a page (e.g. the website address on /submit). */
export const inputClassLg = `${inputBase} rounded-xl px-4 py-3`;

export const labelClass = 'block text-sm font-medium text-stone-800';

/** Ids to pass to the control: `aria-describedby={describedBy(id, error, hint)}`. */
export function describedBy(id: string, error?: string, hint?: React.ReactNode): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type FieldProps = {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

export function Field({ id, label, error, hint, className = '', children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
