// The one shape every server action answers with and every form reads (useActionState): what
// happened, a sentence to announce, what is wrong with which input, and the typed values echoed
// back on a refusal so nothing the person typed is lost.
export type ActionStatus = 'idle' | 'ok' | 'error';

export type ActionState<Values = undefined, Data = undefined> = {
  status: ActionStatus;
  /** For the form's status line (FormStatus): what was done, or why the form was refused. */
  message?: string;
  /** Input name → what is wrong with it (FieldError shows it beside the input). */
  fieldErrors?: Record<string, string>;
  /** The submitted values, echoed so the form can show them again. */
  values?: Values;
  /** What a success hands back, e.g. a new API key or the submitted listing. */
  data?: Data;
  /** Counts submissions, for forms that remount or re-announce after each one. */
  nonce?: number;
};

/** The state before the first submission. */
export function idleState<Values = undefined, Data = undefined>(
  init: Omit<ActionState<Values, Data>, 'status'> = {},
): ActionState<Values, Data> {
  return { status: 'idle', ...init };
}

/**
 * A save refused because the session ended while the person typed (signed out in another tab, or
 * expired). Redirecting to the sign-in page would drop what was typed: the form keeps it, and the
 * refusal (FormError) links to sign-in in a new tab, after which Save goes through.
 */
export const SIGNED_OUT_MESSAGE =
  'You are signed out, so nothing was saved. Sign in again in a new tab, then save here: what you typed is kept.';

export function signedOutState<Values, Data = undefined>(values: Values, nonce?: number): ActionState<Values, Data> {
  return { status: 'error', message: SIGNED_OUT_MESSAGE, values, ...(nonce === undefined ? {} : { nonce }) };
}
