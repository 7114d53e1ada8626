// A composite part of the draft (FAQs, founders, links, story…): heading, state, quotes, actions.
import type { DraftView, SectionName } from '@/lib/drafts/types';
import { EvidenceList } from './evidence-list';
import { FieldActions } from './field-actions';
import { FIELD_LABELS } from './labels';
import { RefusedProposal } from './refused-proposal';
import { StateBadge } from './state-badge';
import { cardClass } from '@/components/ui/card';

export function SectionHeader({
  name,
  draft,
  pending,
  description,
}: {
  name: SectionName;
  draft: DraftView;
  pending: boolean;
  description?: string;
}) {
  const s = draft.sections[name];
  return (
    <div className="mb-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="text-sm font-semibold text-stone-900">{FIELD_LABELS[name]}</h3>
          <StateBadge state={s.state} id={name} />
        </div>
        <FieldActions name={name} canRestore={s.restorable && s.state !== 'ai'} disabled={pending} />
      </div>
      {description && <p className="mt-1 text-xs text-stone-500">{description}</p>}
      {s.has_suggestion && (
        <p className="mt-1 text-xs text-amber-800">
          Your site now says something different here. Restore to use the site&apos;s version.
        </p>
      )}
      <RefusedProposal refused={s.refused} state={s.state} id={name} />
    </div>
  );
}

/** Links are evidenced by the pages that link to them, not by a sentence. */
export const LINKS_EVIDENCE = 'Where your site links to them';

export function SectionEvidence({ name, draft, label }: { name: SectionName; draft: DraftView; label?: string }) {
  const s = draft.sections[name];
  return s.state === 'ai' ? <EvidenceList evidence={s.evidence} label={label} /> : null;
}

/** A card grouping related fields under one heading, with an anchor for the missing list. */
export function Panel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 p-4 sm:p-6 ${cardClass}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-stone-900">
        {title}
      </h2>
      {intro && <p className="mt-0.5 text-sm text-stone-500">{intro}</p>}
      <div className="mt-4 divide-y divide-stone-100">{children}</div>
    </section>
  );
}

export function SubSection({ name, children }: { name: SectionName; children: React.ReactNode }) {
  return (
    <div id={`field-${name}`} className="scroll-mt-24 py-5 first:pt-0 last:pb-0">
      {children}
    </div>
  );
}
