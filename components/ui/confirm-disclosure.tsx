'use client';
// A question before something that cannot be undone: the summary opens it ("Refund $X"), the form
// inside does it ("Yes, refund"), Esc or the summary again ("Keep it") closes it. No JavaScript needed
// to open and answer it.
import { buttonClass } from './button';
import { closeDetailsOnEscape } from './close-on-escape';

export function ConfirmDisclosure({
  open,
  keep,
  question,
  children,
}: {
  open: string;
  keep: string;
  question: string;
  children: React.ReactNode;
}) {
  return (
    <details className="group" onKeyDown={closeDetailsOnEscape}>
      <summary
        className={buttonClass('danger-outline', 'sm', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <span className="group-open:hidden">{open}</span>
        <span className="hidden group-open:inline">{keep}</span>
      </summary>
      <div className="mt-2 max-w-md rounded-lg border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-red-900">{question}</p>
        {children}
      </div>
    </details>
  );
}
