'use client';
// "Feature it": the weeks and the categories (each week in each category is one placement), then the
// checkout page.
import { useActionState, useEffect, useRef, useState } from 'react';
import { buyFeaturedAction, type BuyFeaturedState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-status';
import { usd } from '@/lib/orders/money';

type Choice = { value: string; label: string };
type Props = {
  listingId: number;
  weeks: Choice[];
  categories: Choice[];
  chosenCategories: string[];
  /** The price of one placement (a week in a category), USD cents before VAT. */
  priceCents: number;
};

/** The most a featured placement order takes (the product's options: weeks up to 8, categories up to 3). */
const MAX_WEEKS = 8;
const MAX_CATEGORIES = 3;

/** What the ticked boxes come to: weeks × categories placements (or what is over the limits). */
function Total({ weeks, categories, priceCents }: { weeks: number; categories: number; priceCents: number }) {
  const placements = weeks * categories;
  const over = [
    weeks > MAX_WEEKS && `at most ${MAX_WEEKS} weeks (${weeks} ticked)`,
    categories > MAX_CATEGORIES && `at most ${MAX_CATEGORIES} categories (${categories} ticked)`,
  ].filter(Boolean);
  return (
    <p className="text-sm text-stone-700" aria-live="polite" data-testid="featured-total">
      {over.length
        ? `Choose ${over.join(' and ')}.`
        : placements === 0
          ? 'Choose at least one week and one category.'
          : `${weeks} ${weeks === 1 ? 'week' : 'weeks'} × ${categories} ${categories === 1 ? 'category' : 'categories'}: ${placements} ${placements === 1 ? 'placement' : 'placements'}, ${usd(placements * priceCents)} excl. VAT.`}
    </p>
  );
}

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

export function BuyFeaturedForm({ listingId, weeks, categories, chosenCategories, priceCents }: Props) {
  const [state, action, pending] = useActionState<BuyFeaturedState, FormData>(buyFeaturedAction, idleState());
  const e = state.fieldErrors ?? {};
  const shown = state.status === 'error' && !e.weeks && !e.categories ? state.message : undefined;
  const form = useRef<HTMLFormElement>(null);
  const [ticked, setTicked] = useState({ weeks: 0, categories: chosenCategories.length });
  const count = () => {
    if (!form.current) return;
    const fd = new FormData(form.current);
    setTicked({ weeks: fd.getAll('weeks').length, categories: fd.getAll('categories').length });
  };
  useEffect(count, [state]); // a refusal puts back the boxes that were ticked
  return (
    <form
      ref={form}
      action={action}
      onChange={count}
      className="space-y-4"
      aria-label="Feature this listing"
      noValidate
    >
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={shown} />
      <Choices
        name="weeks"
        legend={`Weeks (up to ${MAX_WEEKS})`}
        choices={weeks}
        chosen={state.values?.weeks ?? []}
        error={e.weeks}
      />
      <Choices
        name="categories"
        legend={`Categories (up to ${MAX_CATEGORIES})`}
        choices={categories}
        chosen={state.values?.categories ?? chosenCategories}
        error={e.categories}
      />
      <Total weeks={ticked.weeks} categories={ticked.categories} priceCents={priceCents} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Preparing checkout…' : `Feature it (${usd(priceCents)} a week per category, excl. VAT)`}
      </Button>
    </form>
  );
}
