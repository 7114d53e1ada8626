import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listApiKeys } from '@/lib/auth/api-keys';
import { requireUser } from '@/lib/auth/session';
import { ApiKeyList } from '@/components/account/api-key-list';
import { CreateApiKeyForm } from '@/components/account/create-api-key-form';

export const metadata: Metadata = { title: 'API keys' };
export const dynamic = 'force-dynamic';

export default async function ApiKeysPage() {
  const user = await requireUser('/account/api-keys');
  const keys = await listApiKeys(await getDb(), user.id);
  const active = keys.filter((k) => !k.revokedAt).length;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">API keys</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Keys let scripts and AI agents act for your account through the REST API (
          <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>). Give each key only the scopes
          it needs and revoke keys you no longer use.{' '}
          <Link
            href="/docs/api"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            API reference
          </Link>
        </p>
      </header>
      <CreateApiKeyForm />
      <section aria-labelledby="keys-heading" className="space-y-3">
        <h2 id="keys-heading" className="text-base font-semibold text-stone-900">
          Your keys <span className="font-normal text-stone-500">({active} active)</span>
        </h2>
        <ApiKeyList keys={keys} />
      </section>
    </div>
  );
}
