// Connected apps: the AI assistants and editors the user allowed through OAuth (MCP), revocable.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { listConnectedApps } from '@/lib/oauth/grants';
import { publicBaseUrl } from '@/lib/site/site';
import { ConnectedAppList } from '@/components/account/connected-app-list';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Connected apps' };
export const dynamic = 'force-dynamic';

export default async function ConnectedAppsPage() {
  const user = await requireUser('/account/connected-apps');
  const apps = await listConnectedApps(await getDb(), user.id);
  const mcpUrl = `${publicBaseUrl()}/mcp`;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Connected apps</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          AI assistants and editors you allowed to use your account through MCP. Disconnect one and it loses access at
          once; it has to ask again to come back.
        </p>
      </header>
      <section aria-labelledby="apps-heading" className="space-y-3">
        <h2 id="apps-heading" className="text-base font-semibold text-stone-900">
          Your apps <span className="font-normal text-stone-500">({apps.length})</span>
        </h2>
        <ConnectedAppList apps={apps} />
      </section>
      <section aria-labelledby="connect-heading" className={`p-4 text-sm text-stone-700 ${cardClass}`}>
        <h2 id="connect-heading" className="font-semibold text-stone-900">
          Connect an app
        </h2>
        <p className="mt-1">
          Add this MCP server address to your assistant or editor; it opens a page of this site where you sign in and
          choose <b>Allow access</b>.
        </p>
        <code className="mt-2 block overflow-x-auto rounded-md bg-stone-100 px-3 py-2 font-mono text-xs break-all text-stone-800">
          {mcpUrl}
        </code>
        <p className="mt-2 text-xs text-stone-500">
          Scripts can use an{' '}
          <Link href="/account/api-keys" className="font-medium text-brand-700 underline underline-offset-2">
            API key
          </Link>{' '}
          instead.
        </p>
      </section>
    </div>
  );
}
