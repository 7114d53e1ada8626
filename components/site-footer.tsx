import Link from 'next/link';

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-stone-500">
        <span>© Product Directory</span>
        <Link href="/docs/api" className="hover:text-stone-900">API</Link>
        <Link href="/api/v1/openapi.json" className="hover:text-stone-900">OpenAPI</Link>
        <Link href="/pricing" className="hover:text-stone-900">Pricing</Link>
      </div>
    </footer>
  );
}
