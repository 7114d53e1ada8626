'use client';
// A labelled text input or textarea with a character count ("12 / 120 characters") under it. The
// count is read on demand (linked by aria-describedby), not announced at every key press.
import { useState } from 'react';
import { describedBy, Field, inputClass } from '@/components/ui/field';

type Props = {
  id: string;
  name: string;
  label: string;
  max: number;
  defaultValue?: string;
  error?: string;
  required?: boolean;
  rows?: number;
  placeholder?: string;
  className?: string;
};

export function CountedField({
  id,
  name,
  label,
  max,
  defaultValue = '',
  error,
  required,
  rows,
  placeholder,
  className,
}: Props) {
  const [length, setLength] = useState(defaultValue.length);
  const countId = `${id}-count`;
  const described = [describedBy(id, error), countId].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    maxLength: max,
    required,
    defaultValue,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: inputClass,
  } as const;
  return (
    <Field id={id} label={label} error={error} className={className}>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => setLength(e.currentTarget.value.length)} />
      ) : (
        <input {...common} onChange={(e) => setLength(e.currentTarget.value.length)} />
      )}
      <p id={countId} className={`mt-1 text-right text-xs ${length >= max ? 'text-red-700' : 'text-stone-600'}`}>
        {length} / {max} characters
      </p>
    </Field>
  );
}
