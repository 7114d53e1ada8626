'use client';
// The site team's launch forms: move one launch to another week, and the free queue's settings.
import { useActionState } from 'react';
import {
  moveLaunchAction,
  saveLaunchSettingsAction,
  type LaunchActionState,
  type SettingsState,
} from '@/lib/actions/launches';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';

/** A paid launch was bought for its week: moving it asks for a confirmation (checked on the server too). */
export function MoveLaunchForm({
  listingId,
  name,
  week,
  weeks,
  paid,
}: {
  listingId: number;
  name: string;
  week: string;
  weeks: { value: string; label: string }[];
  paid: boolean;
}) {
  const [state, action, pending] = useActionState<LaunchActionState, FormData>(moveLaunchAction, idleState());
  const id = `move-${listingId}`;
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      {paid && (
        <div className="flex w-full items-start gap-2 text-xs text-stone-700">
          <input
            id={`${id}-paid`}
            type="checkbox"
            name="confirm_paid"
            value="1"
            required
            className="mt-0.5 h-4 w-4 rounded border-stone-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
          />
          <label htmlFor={`${id}-paid`}>The owner paid for this week and agreed to the move</label>
        </div>
      )}
      <input type="hidden" name="listing_id" value={listingId} />
      <label htmlFor={id} className="sr-only">
        Move {name} to
      </label>
      <select id={id} name="week" defaultValue={week} className={`${inputClass} w-auto min-w-40 py-1`}>
        {weeks.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" disabled={pending} aria-label={`Move ${name}`}>
        {pending ? 'Moving…' : 'Move'}
      </Button>
      <FormStatus state={state} className="w-full text-xs" />
    </form>
  );
}

export function LaunchSettingsForm({ slots, lead }: { slots: number; lead: number }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(saveLaunchSettingsAction, idleState());
  const errors = state.fieldErrors ?? {};
  const slotsHint = 'Free launches each week can hold (FREE_SLOTS_PER_WEEK).';
  const leadHint = 'How many weeks ahead the first free week is (FREE_LEAD_WEEKS).';
  return (
    <form action={action} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="free-slots" label="Free slots per week" error={errors.free_slots_per_week} hint={slotsHint}>
          <input
            id="free-slots"
            name="free_slots_per_week"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            required
            defaultValue={state.values?.freeSlotsPerWeek ?? slots}
            aria-invalid={errors.free_slots_per_week ? true : undefined}
            aria-describedby={describedBy('free-slots', errors.free_slots_per_week, slotsHint)}
            className={inputClass}
          />
        </Field>
        <Field id="free-lead" label="Lead weeks" error={errors.free_lead_weeks} hint={leadHint}>
          <input
            id="free-lead"
            name="free_lead_weeks"
            type="number"
            inputMode="numeric"
            min={0}
            max={52}
            required
            defaultValue={state.values?.freeLeadWeeks ?? lead}
            aria-invalid={errors.free_lead_weeks ? true : undefined}
            aria-describedby={describedBy('free-lead', errors.free_lead_weeks, leadHint)}
            className={inputClass}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save settings'}
        </Button>
        <FormStatus state={state} data-testid="settings-status" />
      </div>
    </form>
  );
}
