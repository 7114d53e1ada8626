'use client';
// Live build progress: polls the draft's status every 1.5 s and refreshes the page once the draft
// is ready (or failed), so the editor (or the failure) appears without a reload.
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { DraftStatusView } from '@/lib/drafts/status';
import { pathOf } from './labels';
import { cardClass } from '@/components/ui/card';

const POLL_MS = 1500;

const STEPS = [
  { key: 'robots', label: 'Checking robots.txt', phases: ['queued', 'robots'] },
  { key: 'fetching', label: 'Reading your pages', phases: ['fetching'] },
  { key: 'drafting', label: 'Drafting with quotes', phases: ['extracting', 'drafting', 'saving'] },
  { key: 'done', label: 'Ready to edit', phases: ['done'] },
] as const;

function phaseText(s: DraftStatusView): string {
  switch (s.phase) {
    case 'queued':
      return 'Waiting for a free slot…';
    case 'robots':
      return "Checking your site's robots.txt…";
    case 'fetching':
      return s.pages_fetched > 0
        ? `Reading pages: ${s.pages_fetched} of ${Math.max(s.pages_planned, s.pages_fetched)} fetched`
        : 'Reading your home page…';
    case 'extracting':
      return `Read ${s.pages_fetched} ${s.pages_fetched === 1 ? 'page' : 'pages'}; pulling out facts…`;
    case 'drafting':
    case 'saving':
      return 'Drafting your listing: every value quoted from your site…';
    case 'done':
      return 'Ready';
    default:
      return 'Stopped';
  }
}

export function DraftProgress({ draftId, url, initial }: { draftId: string; url: string; initial: DraftStatusView }) {
  const router = useRouter();
  const [s, setS] = useState(initial);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const res = await fetch(`/drafts/${encodeURIComponent(draftId)}/status`, { cache: 'no-store' });
        if (res.ok) {
          const next = (await res.json()) as DraftStatusView;
          if (stopped) return;
          setS(next);
          setOffline(false);
          if (next.status !== 'crawling' && next.status !== 'drafting') {
            router.refresh();
            return;
          }
        } else if (res.status === 401 || res.status === 404) {
          router.refresh();
          return;
        }
      } catch {
        if (!stopped) setOffline(true);
      }
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [draftId, router]);

  const stepIndex = Math.max(
    0,
    STEPS.findIndex((st) => (st.phases as readonly string[]).includes(s.phase)),
  );
  const fetched = s.pages.filter((p) => p.status === 'fetched');
  return (
    <section aria-labelledby="progress-heading" className={`mx-auto max-w-2xl p-5 sm:p-8 ${cardClass}`}>
      <p className="truncate text-sm text-stone-500">{url}</p>
      <h1 id="progress-heading" className="mt-1 text-xl font-bold tracking-tight sm:text-2xl">
        Drafting your listing
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        This usually takes a few seconds. You can leave this page; the draft keeps building.
      </p>

      <div className="mt-6">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p className="font-medium text-stone-900" aria-live="polite" data-testid="progress-phase">
            {phaseText(s)}
          </p>
          <span className="font-mono text-stone-500 tabular-nums">{s.percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Draft progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={s.percent}
          aria-valuetext={`${s.percent}%: ${phaseText(s)}`}
          className="mt-2 h-3 overflow-hidden rounded-full bg-stone-100"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-[width] duration-700 ease-out"
            style={{ width: `${Math.max(3, s.percent)}%` }}
          />
        </div>
        {offline && <p className="mt-2 text-xs text-amber-700">Connection lost; retrying…</p>}
      </div>

      <ol className="mt-6 grid gap-2 sm:grid-cols-4">
        {STEPS.map((st, i) => {
          const done = i < stepIndex || s.phase === 'done';
          const active = i === stepIndex && s.phase !== 'done';
          return (
            <li
              key={st.key}
              className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${active ? 'bg-brand-50 font-medium text-brand-700' : done ? 'text-stone-700' : 'text-stone-600'}`}
            >
              <span
                aria-hidden
                className={`grid h-5 w-5 shrink-0 place-items-center rounded-full text-[11px] font-bold ${done ? 'bg-emerald-700 text-white' : active ? 'bg-brand-600 text-white' : 'bg-stone-200 text-stone-700'}`}
              >
                {done ? '✓' : i + 1}
              </span>
              {st.label}
              <span className="sr-only">{done ? ' (done)' : active ? ' (in progress)' : ''}</span>
            </li>
          );
        })}
      </ol>

      {s.pages.length > 0 && (
        <div className="mt-6 border-t border-stone-100 pt-4">
          <h2 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            Pages {fetched.length > 0 ? `read (${fetched.length})` : 'found'}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {s.pages.map((p) => (
              <li
                key={p.url}
                title={p.status === 'disallowed' ? 'Skipped: robots.txt asks crawlers not to read it' : p.status}
                className={`rounded-md px-2 py-0.5 font-mono text-xs ${p.status === 'fetched' ? 'bg-emerald-50 text-emerald-800' : p.status === 'disallowed' ? 'bg-stone-100 text-stone-600 line-through' : 'bg-stone-50 text-stone-600'}`}
              >
                {pathOf(p.url)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
