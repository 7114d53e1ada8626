// The MCP/OAuth apps the user allowed: one card each, with what it may do and a Disconnect button.
import type { ConnectedApp } from '@/lib/oauth/grants';
import { exactTime, relativeTime } from '@/components/relative-time';
import { DisconnectAppButton } from './disconnect-app-button';
import { cardClass } from '@/components/ui/card';

const dateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

export function ConnectedAppList({ apps, now = new Date() }: { apps: ConnectedApp[]; now?: Date }) {
  if (apps.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
        <p className="font-medium text-stone-900">No connected apps</p>
        <p className="mt-1 text-sm text-stone-600">
          When you allow an AI assistant or editor to use your account, it shows up here.
        </p>
      </div>
    );
  }
  return (
    <ul className={`divide-y divide-stone-100 overflow-hidden ${cardClass}`}>
      {apps.map((app) => (
        <li
          key={app.id}
          data-testid="connected-app"
          className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0 space-y-1.5">
            <p className="font-medium text-stone-900">
              {app.name} <span className="font-mono text-xs font-normal break-all text-stone-500">{app.host}</span>
            </p>
            {app.localOnly && <p className="text-xs text-amber-800">Runs on a computer (localhost), not a website.</p>}
            <ul className="flex flex-wrap gap-1" aria-label="Allowed scopes">
              {app.scopes.map((s) => (
                <li key={s} className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-700">
                  {s}
                </li>
              ))}
            </ul>
            <p className="text-xs text-stone-500">
              Connected{' '}
              <time dateTime={app.createdAt.toISOString()} title={exactTime(app.createdAt)}>
                {dateFmt.format(app.createdAt)}
              </time>
              {' · '}
              {app.lastUsedAt ? (
                <>
                  last active{' '}
                  <time dateTime={app.lastUsedAt.toISOString()} title={exactTime(app.lastUsedAt)}>
                    {relativeTime(app.lastUsedAt, now)}
                  </time>
                </>
              ) : (
                'not used yet'
              )}
            </p>
          </div>
          <div className="shrink-0 sm:text-right">
            <DisconnectAppButton id={app.id} name={app.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}
