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
