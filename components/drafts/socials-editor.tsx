'use client';
// Links by platform key (docs/spec.md#draft): one row per link, named `${prefix}.${i}.platform|url`.
import { PLATFORMS } from '@/lib/drafts/types';
import type { SocialRow } from '@/lib/drafts/form-values';
import { inputClass } from '@/components/ui/field';

const flexInput = inputClass.replace('w-full', '');
import { PLATFORM_LABELS } from './labels';
import { addButton, smallButton, useRows } from './use-rows';
import { FieldError } from '@/components/ui/field-error';

export function SocialsEditor({
  prefix,
  initial,
  errors,
  label,
}: {
  prefix: string;
  initial: SocialRow[];
  errors: Record<string, string>;
  label: string;
}) {
  const { rows, add, remove, canAdd, rowRef } = useRows<SocialRow>(
    initial,
    () => ({ platform: PLATFORMS.find((p) => !initial.some((r) => r.platform === p)) ?? 'custom', url: '' }),
    PLATFORMS.length,
  );
  return (
    <div className="space-y-2">
      {rows.length === 0 && <p className="text-sm text-stone-500">No links yet.</p>}
      {rows.map(({ key, value }, i) => {
        const error = errors[`${prefix}.${value.platform}`];
        return (
          <div key={key} ref={rowRef(key)}>
            <div className="flex gap-2">
              <select
                name={`${prefix}.${i}.platform`}
                defaultValue={value.platform}
                aria-label={`${label} ${i + 1}: platform`}
                className={`${flexInput} w-36 shrink-0 px-2 sm:w-40 sm:px-3`}
              >
                {PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {PLATFORM_LABELS[p]}
                  </option>
                ))}
              </select>
              <input
                name={`${prefix}.${i}.url`}
                type="url"
                inputMode="url"
                defaultValue={value.url}
                placeholder="https://"
                aria-label={`${label} ${i + 1}: address`}
                aria-invalid={error ? true : undefined}
                className={`${flexInput} min-w-0 flex-1`}
              />
              <button
                type="button"
                onClick={() => remove(key)}
                className={smallButton}
                aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
              >
                ✕
              </button>
            </div>
            <FieldError className="mt-1">{error}</FieldError>
          </div>
        );
      })}
      {canAdd && (
        <button type="button" onClick={add} className={addButton}>
          + Add a link
        </button>
      )}
    </div>
  );
}
