'use client';
// "Feature it": the weeks and the categories (each week in each category is one placement), then the
// checkout page.
import { useActionState } from 'react';
import { buyFeaturedAction, type BuyFeaturedState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-status';

type Choice = { value: string; label: string };
type Props = { listingId: number; weeks: Choice[]; categories: Choice[]; chosenCategories: string[]; price: string };

function Choices({
  name,
  legend,
  choices,
  chosen,
  error,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  chosen: string[];
  error?: string;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `featured-${name}-error` : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-6 items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name={name} value={c.value} defaultChecked={chosen.includes(c.value)} />
            {c.label}
          </label>
        ))}
      </div>
      <FieldError id={`featured-${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

export function BuyFeaturedForm({ listingId, weeks, categories, chosenCategories, price }: Props) {
  const [state, action, pending] = useActionState<BuyFeaturedState, FormData>(buyFeaturedAction, idleState());
  const e = state.fieldErrors ?? {};
  const shown = state.status === 'error' && !e.weeks && !e.categories ? state.message : undefined;
  return (
    <form action={action} className="space-y-4" aria-label="Feature this listing" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={shown} />
      <Choices
        name="weeks"
        legend="Weeks (up to 8)"
        choices={weeks}
        chosen={state.values?.weeks ?? []}
        error={e.weeks}
      />
      <Choices
        name="categories"
        legend="Categories (up to 3)"
        choices={categories}
        chosen={state.values?.categories ?? chosenCategories}
        error={e.categories}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Preparing checkout…' : `Feature it (${price} a week per category, excl. VAT)`}
      </Button>
    </form>
  );
}
