// The field state machine of docs/decisions.md#draft-field-states. Every profile field and section is a StoredField;
// these pure functions are the only place states change.
import {
  DRAFT_FIELD_NAMES,
  SAVED_STATES,
  type DraftFieldName,
  type Proposal,
  type StoredField,
  type StoredFields,
} from './types';

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isBlank);
  return false;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function blankField<T>(): StoredField<T> {
  return { value: null, state: 'not_found', evidence: [], ai: null, suggestion: null };
}

export function emptyFields(): StoredFields {
  return Object.fromEntries(DRAFT_FIELD_NAMES.map((n) => [n, blankField()])) as StoredFields;
}

export const isSaved = (f: StoredField) => SAVED_STATES.includes(f.state);

/** A redraft result (already through the evidence guard) lands on a field. */
export function applyAi<T>(field: StoredField<T>, proposal: Proposal<T> | undefined): StoredField<T> {
  const value = proposal && !isBlank(proposal.value) ? proposal.value : null;
  const evidence = value === null ? [] : (proposal?.evidence ?? []);
  const ai = { value, evidence };
  // Each draft replaces what the guard refused last time (a redraft clears it).
  const refused = proposal?.refused ?? null;
  if (isSaved(field)) {
    // The caller's value stays; a different AI finding is kept beside it as a suggestion.
    if (value === null || same(value, field.value)) {
      return {
        ...field,
        ai,
        refused,
        suggestion: null,
        state: field.state === 'override' ? (field.ai?.value == null ? 'manual' : 'edited') : field.state,
      };
    }
    return { ...field, ai, refused, suggestion: { value, evidence }, state: 'override' };
  }
  return value === null
    ? { ...blankField<T>(), ai, refused }
    : { value, state: 'ai', evidence, ai, suggestion: null, refused };
}

/** The caller typed a value (or null to remove it). */
export function setByCaller<T>(field: StoredField<T>, value: T | null): StoredField<T> {
  if (value === null || isBlank(value))
    return { ...field, value: null, state: 'deleted', evidence: [], suggestion: null };
  const overAi = field.ai !== null && field.ai.value !== null;
  return { ...field, value, state: overAi ? 'edited' : 'manual', evidence: [], suggestion: null };
}

/** Deprecated lock_fields: the same as saving the field's current value. */
export function lock<T>(field: StoredField<T>): StoredField<T> {
  if (isSaved(field)) return field;
  if (field.value === null) return { ...field, state: 'deleted', suggestion: null };
  return { ...field, state: 'edited', suggestion: null };
}

/** Puts back the AI's value and state. */
export function restore<T>(field: StoredField<T>): StoredField<T> {
  const ai = field.ai;
  const refused = field.refused ?? null;
  if (!ai || ai.value === null) return { ...blankField<T>(), ai, refused };
  return { value: ai.value, state: 'ai', evidence: ai.evidence, ai, suggestion: null, refused };
}

export function mapFields(
  fields: StoredFields,
  names: readonly DraftFieldName[],
  fn: (f: StoredField, name: DraftFieldName) => StoredField,
): StoredFields {
  const next = { ...fields } as Record<DraftFieldName, StoredField>;
  for (const name of names) next[name] = fn(next[name] ?? blankField(), name);
  return next as StoredFields;
}
