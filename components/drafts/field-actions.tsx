// Per-field buttons of the editor form: restore the drafted value, or draft the field again.
import type { DraftFieldName } from '@/lib/drafts/types';
import { FIELD_LABELS } from './labels';
import { buttonClass } from '@/components/ui/button';

const btn = buttonClass('secondary', 'xs');

export function FieldActions({
  name,
  canRestore,
  disabled,
}: {
  name: DraftFieldName;
  canRestore: boolean;
  disabled?: boolean;
}) {
  const label = FIELD_LABELS[name];
  return (
    <span className="flex shrink-0 gap-1.5">
      {canRestore && (
        <button
          type="submit"
          name="intent"
          value={`restore:${name}`}
          formNoValidate
          disabled={disabled}
          className={btn}
          aria-label={`Restore ${label}`}
          title="Put back what your site says (your other changes are saved too)"
        >
          Restore
        </button>
      )}
      <button
        type="submit"
        name="intent"
        value={`regenerate:${name}`}
        formNoValidate
        disabled={disabled}
        className={btn}
        aria-label={`Redraft ${label}`}
        title="Draft this again from the pages we read"
      >
        Redraft
      </button>
    </span>
  );
}
