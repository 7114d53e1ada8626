// The account's API keys: a table on wide screens, stacked cards on phones.
import type { ApiKeySummary } from '@/lib/auth/api-keys';
import { exactTime, relativeTime } from '@/components/relative-time';
import { RevokeKeyButton } from './revoke-key-button';
import { cardClass } from '@/components/ui/card';
import { badgeClass } from '@/components/ui/badge';

const dateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function When({ date, now, never = 'Never' }: { date: Date | null; now: Date; never?: string }) {
  if (!date) return <span className="text-stone-500">{never}</span>;
  return (
    <time dateTime={date.toISOString()} title={exactTime(date)}>
      {relativeTime(date, now)}
    </time>
  );
}

function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {scopes.map((s) => (
        <li key={s} className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-700">
          {s}
        </li>
      ))}
    </ul>
  );
}

function Status({ k }: { k: ApiKeySummary }) {
  if (k.revokedAt) {
    return (
      <span className={badgeClass()} title={exactTime(k.revokedAt)}>
        Revoked {dateFmt.format(k.revokedAt)}
      </span>
    );
  }
  return <RevokeKeyButton id={k.id} name={k.name} />;
}

export function ApiKeyList({ keys, now = new Date() }: { keys: ApiKeySummary[]; now?: Date }) {
  if (keys.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
        <p className="font-medium text-stone-900">No API keys yet</p>
        <p className="mt-1 text-sm text-stone-600">Create one above to use the REST API or connect an agent.</p>
      </div>
    );
  }
  return (
    <div className={`overflow-hidden ${cardClass}`}>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium tracking-wide text-stone-500 uppercase">
          <tr>
            <th className="px-4 py-2.5 font-medium">Name</th>
            <th className="px-4 py-2.5 font-medium">Key</th>
            <th className="px-4 py-2.5 font-medium">Scopes</th>
            <th className="px-4 py-2.5 font-medium">Created</th>
            <th className="px-4 py-2.5 font-medium">Last used</th>
            <th className="px-4 py-2.5 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row" className={k.revokedAt ? 'text-stone-500' : undefined}>
              <td className="px-4 py-3 font-medium text-stone-900">{k.name}</td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-stone-600">{k.prefix}…</td>
              <td className="px-4 py-3">
                <Scopes scopes={k.scopes} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap" title={exactTime(k.createdAt)}>
                {dateFmt.format(k.createdAt)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <When date={k.lastUsedAt} now={now} />
              </td>
              <td className="px-4 py-3 text-right">
                <Status k={k} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-stone-100 md:hidden">
        {keys.map((k) => (
          <li key={k.id} className={`space-y-2 p-4 ${k.revokedAt ? 'text-stone-500' : ''}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">{k.name}</p>
                <p className="font-mono text-xs text-stone-600">{k.prefix}…</p>
              </div>
              <Status k={k} />
            </div>
            <Scopes scopes={k.scopes} />
            <p className="text-xs text-stone-500">
              Created {dateFmt.format(k.createdAt)} · Last used <When date={k.lastUsedAt} now={now} never="never" />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
