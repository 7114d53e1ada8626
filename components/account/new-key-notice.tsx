'use client';
// Shows a freshly created key once, with a copy button. It is never shown again.
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export function NewKeyNotice({
  created,
  onDone,
}: {
  created: { key: string; name: string; scopes: string[] };
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (e.g. plain http on another host): select the key so the user can copy it.
      const range = document.createRange();
      if (codeRef.current) range.selectNodeContents(codeRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  }

  return (
    <section
      role="status"
      aria-label="New API key"
      className="rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5"
    >
      <h2 className="font-semibold text-green-900">Key “{created.name}” created</h2>
      <p className="mt-1 text-sm text-green-900">
        <strong>Copy it now.</strong> For your security it is stored hashed, so it will not be shown again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          ref={codeRef}
          data-testid="new-api-key"
          className="min-w-0 flex-1 rounded-lg border border-green-200 bg-white px-3 py-2 font-mono text-sm break-all text-stone-900 select-all"
        >
          {created.key}
        </code>
        <Button variant="neutral" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="mt-3 text-xs text-green-900">
        Scopes: <span className="font-mono">{created.scopes.join(', ')}</span>. Send it as{' '}
        <span className="font-mono">Authorization: Bearer &lt;key&gt;</span>.
      </p>
      <button
        type="button"
        onClick={onDone}
        className="mt-3 text-sm font-medium text-green-900 underline underline-offset-2 hover:text-green-700"
      >
        I have saved it
      </button>
    </section>
  );
}
