// A field's state as a coloured badge; the explanation shows on hover and keyboard focus.
import type { FieldState } from '@/lib/drafts/types';
import { STATE_INFO } from './labels';

export function StateBadge({ state, id }: { state: FieldState; id: string }) {
  const info = STATE_INFO[state];
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        aria-describedby={`${id}-state-tip`}
        data-state={state}
        data-testid={`state-${id}`}
        className={`inline-flex cursor-help items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${info.className}`}
      >
        {info.label}
      </span>
      <span
        id={`${id}-state-tip`}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-30 mt-1.5 w-60 rounded-lg bg-stone-900 px-3 py-2 text-xs leading-snug font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 sm:right-auto sm:left-0"
      >
        {info.tip}
      </span>
    </span>
  );
}
