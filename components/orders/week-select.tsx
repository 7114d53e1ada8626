// A week to buy for (a paid launch, a billboard): a labelled select of the coming weeks.
import { describedBy, Field, inputClass } from '@/components/ui/field';

type Props = {
  id: string;
  name: string;
  label: string;
  weeks: { value: string; label: string }[];
  value?: string;
  /** Chosen until the person chooses (the first week when absent). */
  preselected?: string;
  error?: string;
};

export function WeekSelect({ id, name, label, weeks, value, preselected, error }: Props) {
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        defaultValue={value ?? preselected ?? weeks[0]?.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${inputClass} sm:max-w-sm`}
      >
        {weeks.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
