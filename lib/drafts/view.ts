// Stored draft rows → the Draft resource of the API (lib/drafts/types.ts draftSchema).
import type { draftInvites, draftPages, drafts } from '@/db/schema';
import { completeness } from './completeness';
import { emptyFields } from './fields';
import {
  PROFILE_FIELDS,
  SECTIONS,
  type DraftSummary,
  type DraftValues,
  type DraftView,
  type FailureReason,
  type InviteView,
  type Phase,
  type StoredFields,
} from './types';

type DraftRow = typeof drafts.$inferSelect;
type PageRow = Pick<typeof draftPages.$inferSelect, 'url' | 'title' | 'kind' | 'status'>;
type InviteRow = typeof draftInvites.$inferSelect;

const PHASE_PERCENT: Record<Phase, number> = {
  queued: 2,
  robots: 5,
  fetching: 10,
  extracting: 70,
  drafting: 80,
  saving: 95,
  done: 100,
  failed: 100,
};

export function progressPercent(row: Pick<DraftRow, 'phase' | 'pagesFetched' | 'pagesPlanned'>): number {
  const phase = row.phase as Phase;
  if (phase === 'fetching' && row.pagesPlanned > 0)
    return Math.min(69, 10 + Math.round((60 * row.pagesFetched) / row.pagesPlanned));
  return PHASE_PERCENT[phase] ?? 0;
}

export function inviteView(row: InviteRow, now = new Date()): InviteView {
  const status = row.acceptedAt ? 'accepted' : row.expiresAt < now ? 'expired' : 'pending';
  return {
    id: row.id,
    email: row.email,
    status,
    created_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
  };
}

function sectionValue<K extends (typeof SECTIONS)[number]>(fields: StoredFields, name: K): DraftValues[K] {
  const fallback: DraftValues = {
    faqs: [],
    founders: [],
    company_socials: {},
    founder_socials: {},
    story: {},
    milestones: [],
    competitor_url: '',
    seo: {},
  } as unknown as DraftValues;
  return (fields[name].value ?? fallback[name]) as DraftValues[K];
}

export function toDraftView(row: DraftRow, pages: PageRow[], invites: InviteRow[]): DraftView {
  const fields = { ...emptyFields(), ...(row.fields ?? {}) } as StoredFields;
  const { completeness: score, missing } = completeness(fields);
  return {
    id: row.id,
    url: row.url,
    status: row.status as DraftView['status'],
    failure: row.failureReason
      ? { reason: row.failureReason as FailureReason, message: row.failureMessage ?? '' }
      : null,
    progress: {
      phase: row.phase as Phase,
      pages_fetched: row.pagesFetched,
      pages_planned: row.pagesPlanned,
      percent: progressPercent(row),
    },
    fields: Object.fromEntries(
      PROFILE_FIELDS.map((n) => {
        const f = fields[n];
        return [
          n,
          {
            value: f.value as never,
            state: f.state,
            evidence: f.evidence,
            ai_value: (f.ai?.value ?? null) as never,
            suggestion: (f.suggestion as never) ?? null,
            refused: f.refused ?? null,
          },
        ];
      }),
    ) as unknown as DraftView['fields'],
    faqs: sectionValue(fields, 'faqs'),
    founders: sectionValue(fields, 'founders'),
    company_socials: sectionValue(fields, 'company_socials'),
    founder_socials: sectionValue(fields, 'founder_socials'),
    story: sectionValue(fields, 'story'),
    milestones: sectionValue(fields, 'milestones'),
    competitor_url: sectionValue(fields, 'competitor_url'),
    seo: sectionValue(fields, 'seo'),
    sections: Object.fromEntries(
      SECTIONS.map((n) => {
        const f = fields[n];
        return [
          n,
          {
            state: f.state,
            evidence: f.evidence,
            restorable: f.ai !== null && f.ai.value !== null,
            has_suggestion: f.suggestion !== null,
            refused: f.refused ?? null,
          },
        ];
      }),
    ) as DraftView['sections'],
    completeness: score,
    missing,
    pages: pages.map((p) => ({ url: p.url, title: p.title, kind: p.kind, status: p.status as 'fetched' })),
    invites: invites.map((i) => inviteView(i)),
    listing_id: row.listingId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
  };
}

export function toDraftSummary(row: DraftRow): DraftSummary {
  const fields = { ...emptyFields(), ...(row.fields ?? {}) } as StoredFields;
  return {
    id: row.id,
    url: row.url,
    name: (fields.name.value as string | null) ?? null,
    status: row.status as DraftSummary['status'],
    failure_reason: (row.failureReason as FailureReason | null) ?? null,
    completeness: completeness(fields).completeness,
    progress_percent: progressPercent(row),
    listing_id: row.listingId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
