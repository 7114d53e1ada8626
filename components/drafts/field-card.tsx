'use client';
// One profile field of the editor: label, state badge, the input, its quotes, restore/redraft, and
// (state override) the newer value the site states.
import { useContext, useState } from 'react';
import type { DraftFieldName, FieldState, FieldView } from '@/lib/drafts/types';
import { EvidenceList } from './evidence-list';
import { FieldActions } from './field-actions';
import { FIELD_LABELS } from './labels';
import { RefusedProposal } from './refused-proposal';
import { StateBadge } from './state-badge';
import { EditsContext } from './use-rows';
import { FieldError } from '@/components/ui/field-error';

const show = (v: FieldView['value']) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));

export type FieldCardProps = {
  name: DraftFieldName;
  state: FieldState;
  evidence: FieldView['evidence'];
  canRestore: boolean;
  suggestion?: FieldView['suggestion'];
  /** The drafted value, shown under an edited or removed field. */
  aiValue?: FieldView['ai_value'];
  /** What the AI proposed and the evidence guard refused. */
  refused?: FieldView['refused'];
  error?: string;
  hint?: string;
  pending?: boolean;
  /** Renders the input; `describedBy` links it to the hint/error, `onDirty` marks it changed. */
  children: (p: { id: string; describedBy: string; invalid: boolean; onDirty: () => void }) => React.ReactNode;
};

export function FieldCard({
  name,
  state,
  evidence,
  canRestore,
  suggestion,
  aiValue,
  refused,
  error,
  hint,
  pending,
  children,
}: FieldCardProps) {
  // Unsaved until a save covers the edit that touched this field (autosave does not remount it).
  const { edits, saved } = useContext(EditsContext);
  const [dirtyAt, setDirtyAt] = useState(0);
  const dirty = dirtyAt > saved;
  const id = `input-${name}`;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : '';
  return (
    <div id={`field-${name}`} className="scroll-mt-24 py-4 first:pt-0 last:pb-0" data-field={name}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="text-sm font-semibold text-stone-900">
            {FIELD_LABELS[name]}
          </label>
          <StateBadge state={state} id={name} />
          {dirty && <span className="text-xs font-medium text-amber-700">Unsaved</span>}
        </div>
        <FieldActions name={name} canRestore={canRestore} disabled={pending} />
      </div>
      {children({ id, describedBy, invalid: Boolean(error), onDirty: () => setDirtyAt(edits + 1) })}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {state === 'not_found' && !dirty && (
        <p className="mt-1.5 text-xs text-stone-500">
          Your site doesn&apos;t say this, so we left it blank. Add it if you like.
        </p>
      )}
      <RefusedProposal refused={refused} state={state} id={name} />
      {suggestion && (
        <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="text-amber-900">
            Your site now says: <strong className="font-semibold">{show(suggestion.value) || '(nothing)'}</strong>
          </p>
          <button
            type="submit"
            name="intent"
            value={`restore:${name}`}
            formNoValidate
            className="mt-2 text-xs font-semibold text-amber-900 underline underline-offset-2"
          >
            Use the site&apos;s version
          </button>
          <EvidenceList evidence={suggestion.evidence} />
        </div>
      )}
      {state === 'ai' && <EvidenceList evidence={evidence} />}
      {(state === 'edited' || state === 'deleted') && aiValue !== null && aiValue !== undefined && (
        <p className="mt-1.5 text-xs text-stone-500">
          Drafted from your site:{' '}
          <span className="text-stone-700">
            “{show(aiValue).slice(0, 200)}
            {show(aiValue).length > 200 ? '…' : ''}”
          </span>
        </p>
      )}
    </div>
  );
}
