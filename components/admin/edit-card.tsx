// One version of a listing for the site team: which listing, who, through which face, when, each
// field's before and after, and the actions (mark reviewed, revert).
import Link from 'next/link';
import type { EditView } from '@/lib/admin/edits';
import { exactTime, relativeTime } from '@/components/relative-time';
import { badgeClass, type BadgeTone } from '@/components/ui/badge';
import { cardClass } from '@/components/ui/card';
import { FieldDiff } from './field-diff';
import { ReviewControl } from './review-control';
import { RevertForm } from './revert-form';

const FACES: Record<EditView['face'], { label: string; tone: BadgeTone }> = {
  web: { label: 'Web', tone: 'neutral' },
  api: { label: 'API', tone: 'info' },
  mcp: { label: 'MCP', tone: 'info' },
  admin: { label: 'Site team', tone: 'brand' },
  job: { label: 'Job', tone: 'neutral' },
};

const SOURCES: Record<string, string> = {
  update_my_listing: 'Listing edit',
  update_draft: 'Draft edit',
  submit_draft: 'Draft submitted again',
  add_milestone: 'Milestone added',
  delete_milestone: 'Milestone deleted',
  set_founder_story: 'Founder story saved',
  revert: 'Revert',
  reject_listing: 'Rejected',
  archive_listing: 'Archived',
  restore_listing: 'Restored',
};

const person = (p: { email: string | null; name: string | null } | null) =>
  p ? (p.name && p.email ? `${p.name} (${p.email})` : p.name || p.email || 'an account') : 'a job or a deleted account';

export function EditCard({ edit, now }: { edit: EditView; now: Date }) {
  const label = `version ${edit.version} of ${edit.listing.name}`;
  const headingId = `edit-${edit.id}`;
  const reviewed = edit.reviewedAt
    ? `Reviewed by ${person(edit.reviewedBy)}, ${relativeTime(edit.reviewedAt, now)}.`
    : null;
  return (
    <article aria-labelledby={headingId} className={`${cardClass} p-4 sm:p-5`} data-testid="admin-edit">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-stone-900">
            <Link
              href={`/admin/edits?listing=${edit.listing.id}`}
              className="underline-offset-2 hover:text-brand-700 hover:underline"
            >
              {edit.listing.name}
            </Link>{' '}
            <span className="font-normal text-stone-600">· version {edit.version}</span>
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {SOURCES[edit.source] ?? edit.source} by {person(edit.actor)}{' '}
            <time dateTime={edit.createdAt.toISOString()} title={exactTime(edit.createdAt)}>
              {relativeTime(edit.createdAt, now)}
            </time>
            {edit.revertOf !== null && <> · undoes an earlier version</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={badgeClass(FACES[edit.face]?.tone ?? 'neutral')}>
            <span className="sr-only">Through </span>
            {FACES[edit.face]?.label ?? edit.face}
          </span>
          {edit.listing.status !== 'live' && (
            <span className={badgeClass('warning')}>Listing {edit.listing.status.replace('_', ' ')}</span>
          )}
          {edit.listing.status === 'live' && (
            <Link
              href={`/p/${edit.listing.slug}`}
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
            >
              Public page<span className="sr-only"> of {edit.listing.name}</span>
            </Link>
          )}
        </div>
      </header>
      <div className="mt-3">
        {edit.changes.map((c) => (
          <FieldDiff key={c.field} change={c} />
        ))}
      </div>
      <footer className="mt-3 flex flex-col gap-3 border-t border-stone-100 pt-3 sm:flex-row sm:items-start sm:justify-between">
        <ReviewControl versionId={edit.id} label={label} reviewed={reviewed} />
        {edit.revertible ? (
          <RevertForm
            versionId={edit.id}
            version={edit.version}
            listingName={edit.listing.name}
            changedSince={edit.changes.filter((c) => edit.changedSince.includes(c.field)).map((c) => c.label)}
          />
        ) : (
          edit.source.endsWith('_listing') && (
            <p className="text-xs text-stone-600">
              A status change: undo it with Restore on{' '}
              <Link
                href={`/admin/listings?q=${edit.listing.id}`}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Listings
              </Link>
              .
            </p>
          )
        )}
      </footer>
    </article>
  );
}
