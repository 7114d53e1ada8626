'use client';
// One snippet of badge code: a read-only text box anyone can select and copy, and (once JavaScript
// runs) a Copy button that announces the copy.
import { useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass, labelClass } from '@/components/ui/field';

const noChange = () => () => {};

export function CopyField({ id, label, value, rows = 3 }: { id: string; label: string; value: string; rows?: number }) {
  // False in the server's HTML (no script to copy with), true once the page runs in a browser that can.
  const canCopy = useSyncExternalStore(
    noChange,
    () => !!navigator.clipboard,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard permission: select the code so the person can copy it themselves.
      box.current?.focus();
      box.current?.select();
    }
  }

  return (
    <div>
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {canCopy && (
          <Button size="xs" variant="secondary" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </div>
      <textarea
        ref={box}
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} mt-1.5 resize-none font-mono text-xs`}
      />
      <span role="status" aria-live="polite" className="sr-only">
        {copied ? `${label} copied` : ''}
      </span>
    </div>
  );
}
