// A form's status line: announces the ActionState's message (polite live region, present from the
// first render so screen readers hear each change), green after a success, red after a refusal.
import { SIGNED_OUT_MESSAGE, type ActionState } from '@/lib/actions/state';

const tones = { idle: 'text-stone-600', ok: 'text-emerald-700', error: 'text-red-700' } as const;

type Props = {
  state: Pick<ActionState<unknown, unknown>, 'status' | 'message'>;
  className?: string;
  children?: React.ReactNode;
  'data-testid'?: string;
};

/** `children` replaces the message (e.g. "Saving…"); the tone still follows the state. `className` sets the size (default text-sm). */
export function FormStatus({ state, className = 'text-sm', children, ...rest }: Props) {
  const text = children ?? state.message;
  return (
    <p
      role="status"
      aria-live="polite"
      className={text ? `wrap-anywhere ${tones[state.status]} ${className}` : 'sr-only'}
      {...rest}
    >
      {text}
    </p>
  );
}

/** A refusal of the whole form, boxed, at the top of the form. */
export function FormError({ message, className = '' }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm wrap-anywhere text-red-800 ${className}`}
    >
      {message}
      <SignInAgainLink message={message} />
    </p>
  );
}

/** After the signed-out refusal (SIGNED_OUT_MESSAGE): sign in again in a new tab, the form left as typed. */
export function SignInAgainLink({ message }: { message: React.ReactNode }) {
  if (message !== SIGNED_OUT_MESSAGE) return null;
  return (
    <>
      {' '}
      <a href="/signin" target="_blank" rel="noopener" className="font-semibold underline">
        Sign in (opens a new tab)
      </a>
    </>
  );
}
