// Who an order is between, as a receipt prints it: the buyer ("Billed to") and the seller ("Sold by").
import type { ReactNode } from 'react';

/** Label and value pairs; an empty value shows as a dash. */
export function PartyDetails({ rows, testId }: { rows: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-stone-600">{label}</dt>
          <dd className="whitespace-pre-line text-stone-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
