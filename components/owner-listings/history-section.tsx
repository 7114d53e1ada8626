// The owner's listing page: the version history, newest first. Each version shows every field it
// changed with the value before and after, who made it, through which face (the site, the API, an AI
// agent over MCP, the site team) and when.
import { FIELD_LABELS } from '@/lib/drafts/field-labels';
import type { HistoryEntry } from '@/lib/owner-listings/history';
import type { MyListing } from '@/lib/owner-listings/view';
import { exactTime, relativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

const FACES: Record<HistoryEntry['face'], string> = {
  web: 'on this site',
  api: 'through the API',
  mcp: 'through an AI agent (MCP)',
  admin: 'of the site team',
  job: 'automatically',
};

const SOURCES: Record<string, string> = {
  update_my_listing: 'Listing edited',
  update_draft: 'Draft edited after submission',
  submit_draft: 'Draft submitted again',
  add_milestone: 'Milestone added',
  delete_milestone: 'Milestone deleted',
  set_founder_story: 'Founder story saved',
  revert: 'Reverted',
  reject_listing: 'Rejected by the site team',
  archive_listing: 'Archived by the site team',
  restore_listing: 'Restored by the site team',
  accept_invite: 'Co-founder joined',
};

const LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  socials: 'Company links',
  name: 'Product name',
  founders: 'Founders',
  status: 'Status',
  status_reason: 'Reason given',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && !v.length) ||
  (isRecord(v) && !Object.keys(v).length);
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** "key: value" lines of a flat object (company links: platform → URL; an FAQ: question, answer). */
function Pairs({ value }: { value: Record<string, unknown> }) {
  return (
    <dl className="space-y-0.5">
      {Object.entries(value)
        // Stored as JSON, the keys come back in any order: a question reads before its answer.
        .sort(([a], [b]) => Number(b === 'question') - Number(a === 'question'))
        .map(([k, v]) => (
          <div key={k} className="break-words">
            <dt className="inline text-stone-600">{k.replace(/_/g, ' ')}: </dt>
            <dd className="inline whitespace-pre-wrap">{String(v)}</dd>
          </div>
        ))}
    </dl>
  );
}

function Value({ value }: { value: unknown }) {
  if (isEmpty(value)) return <span className="text-stone-500 italic">empty</span>;
  if (isScalar(value)) return <span className="break-words whitespace-pre-wrap">{String(value)}</span>;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return <span>{value.join(', ')}</span>;
  if (isRecord(value) && Object.values(value).every(isScalar)) return <Pairs value={value} />;
  if (Array.isArray(value) && value.every((v) => isRecord(v) && Object.values(v).every(isScalar)))
    return (
      <ol className="list-decimal space-y-1 pl-5">
        {value.map((v, i) => (
          <li key={i}>
            <Pairs value={v as Record<string, unknown>} />
          </li>
        ))}
      </ol>
    );
  return (
    <pre
      tabIndex={0}
      className="max-h-48 overflow-auto rounded-md bg-stone-50 p-2 font-mono text-xs break-words whitespace-pre-wrap text-stone-800"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function HistorySection({
  listing,
  history,
  userId,
  now = new Date(),
}: {
  listing: MyListing;
  history: HistoryEntry[];
  userId: string;
  now?: Date;
}) {
  return (
    <Card as="section" aria-labelledby="history-heading" padding="p-5 sm:p-6">
      <h2 id="history-heading" className="text-lg font-semibold text-stone-900">
        History
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Every change since submission, newest first. The listing is at version {listing.version}.
      </p>
      {history.length === 0 ? (
        <p className="mt-4 rounded-lg bg-stone-50 p-3 text-sm text-stone-600">No changes since it was submitted.</p>
      ) : (
        <ol className="mt-4 space-y-4" data-testid="listing-history">
          {history.map((h) => (
            <li key={h.id} className="rounded-xl border border-stone-200 p-4">
              <article aria-labelledby={`version-${h.version}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={`version-${h.version}`} className="font-semibold text-stone-900">
                    Version {h.version}
                  </h3>
                  <Badge tone={h.source === 'revert' ? 'warning' : 'neutral'}>
                    {SOURCES[h.source] ?? h.source}
                    {h.revertOf ? ` (undoes an earlier version)` : ''}
                  </Badge>
                  {h.reviewedAt && <Badge tone="success">Reviewed by the site team</Badge>}
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  By {h.actorId === userId ? 'you' : (h.actorName ?? 'someone no longer here')} {FACES[h.face]},{' '}
                  <time dateTime={h.createdAt.toISOString()} title={exactTime(h.createdAt)}>
                    {relativeTime(h.createdAt, now)}
                  </time>
                </p>
                <div
                  className="mt-3 overflow-x-auto"
                  role="region"
                  aria-label={`Changes in version ${h.version}`}
                  tabIndex={0}
                >
                  <table className="w-full table-fixed text-left text-sm break-words">
                    <caption className="sr-only">Changes in version {h.version}</caption>
                    <thead>
                      <tr className="border-b border-stone-200 text-xs text-stone-600 uppercase">
                        <th scope="col" className="w-24 py-1.5 pr-3 font-semibold sm:w-36">
                          Field
                        </th>
                        <th scope="col" className="py-1.5 pr-3 font-semibold">
                          Before
                        </th>
                        <th scope="col" className="py-1.5 font-semibold">
                          After
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {h.changes.map((c) => (
                        <tr key={c.field} className="border-b border-stone-100 align-top last:border-0">
                          <th scope="row" className="py-2 pr-3 font-medium text-stone-800">
                            {LABELS[c.field] ?? c.field}
                          </th>
                          <td className="py-2 pr-3 text-stone-700">
                            <Value value={c.before} />
                          </td>
                          <td className="py-2 text-stone-900">
                            <Value value={c.after} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
