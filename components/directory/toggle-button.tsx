'use client';
// The vote and follow buttons: optimistic with JavaScript, a plain form post without it. The button
// is never disabled while the change is saved (that would drop keyboard focus to <body>): it keeps
// focus, shows its state with aria-pressed, and the new count is announced by a live region.
import { useOptimistic, useState, useTransition } from 'react';
import type { ButtonResult } from '@/lib/actions/listing-interactions';

type Props = {
  action: (form: FormData) => Promise<ButtonResult>;
  listingId: number;
  slug: string;
  active: boolean;
  count: number;
  signedIn: boolean;
  kind: 'vote' | 'follow';
};

const text = {
  vote: { on: 'Upvoted', off: 'Upvote', noun: 'votes', one: 'vote', done: 'Vote counted', undone: 'Vote removed' },
  follow: {
    on: 'Following',
    off: 'Follow',
    noun: 'followers',
    one: 'follower',
    done: 'Following',
    undone: 'Unfollowed',
  },
};

type Shown = { active: boolean; count: number };

/**
 * What this tab's own presses left each button at, a while. Back and Forward show a page as Next's
 * router kept it, from before the press: "Upvote 20", not pressed, right after a vote. A page that
 * disagrees with the visitor's own last press shows the press instead (the press is newer; another
 * tab's press shows after a reload once this one is older than REMEMBERED_MS).
 */
const lastPress = new Map<string, Shown & { at: number }>();
const REMEMBERED_MS = 10 * 60_000;

function newerOf(key: string, page: Shown): Shown {
  const pressed = lastPress.get(key);
  if (!pressed || pressed.active === page.active || Date.now() - pressed.at > REMEMBERED_MS) return page;
  return { active: pressed.active, count: pressed.count };
}

export function ToggleButton({ action, listingId, slug, active, count, signedIn, kind }: Props) {
  const key = `${kind}:${listingId}`;
  const [server, setServer] = useState(() => newerOf(key, { active, count }));
  const [prev, setPrev] = useState({ active, count });
  if (prev.active !== active || prev.count !== count) {
    // the page was re-rendered with fresh data: take it
    setPrev({ active, count });
    setServer(newerOf(key, { active, count }));
  }
  const [shown, setShown] = useOptimistic(server);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const label = text[kind];

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    if (!signedIn) return; // let the form post: the action sends the visitor to sign in and back
    e.preventDefault();
    if (pending) return; // one change at a time; the button stays focusable meanwhile
    const form = new FormData(e.currentTarget);
    form.set('js', '1');
    const next = { active: !shown.active, count: Math.max(0, shown.count + (shown.active ? -1 : 1)) };
    setError(null);
    setAnnouncement('');
    startTransition(async () => {
      setShown(next);
      const r = await action(form);
      if (r.status === 'ok' && r.data) {
        setServer(r.data);
        lastPress.set(key, { ...r.data, at: Date.now() });
        const { active: on, count: n } = r.data;
        setAnnouncement(`${on ? label.done : label.undone}. ${n} ${n === 1 ? label.one : label.noun}.`);
      } else setError(r.message ?? 'Please try again.');
    });
  }

  const base =
    'inline-flex h-11 items-center justify-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:opacity-70';
  const styles =
    kind === 'vote'
      ? shown.active
        ? 'border-brand-700 bg-brand-600 text-white hover:bg-brand-800'
        : 'border-brand-600 bg-white text-brand-700 hover:bg-brand-50'
      : shown.active
        ? 'border-stone-300 bg-stone-100 text-stone-900 hover:bg-stone-200'
        : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50';

  return (
    <form action={action as unknown as (form: FormData) => Promise<void>} onSubmit={onSubmit} className="contents">
      <input type="hidden" name="listing_id" value={listingId} />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="intent" value={shown.active ? 'off' : 'on'} />
      <button
        type="submit"
        aria-pressed={shown.active}
        aria-disabled={pending || undefined}
        className={`${base} ${styles}`}
        data-testid={`${kind}-button`}
      >
        {kind === 'vote' ? (
          <svg aria-hidden viewBox="0 0 12 12" className="h-3.5 w-3.5 fill-current">
            <path d="M6 1.5 11 9H1z" />
          </svg>
        ) : (
          <svg aria-hidden viewBox="0 0 16 16" className="h-4 w-4 fill-none stroke-current stroke-2">
            <path d={shown.active ? 'M3 8.5 6.5 12 13 4.5' : 'M8 3v10M3 8h10'} />
          </svg>
        )}
        <span>{shown.active ? label.on : label.off}</span>
        <span
          className="tabular-nums"
          data-testid={`${kind}-count`}
          aria-label={`${shown.count} ${shown.count === 1 ? label.one : label.noun}`}
        >
          {shown.count}
        </span>
      </button>
      <span aria-live="polite" className="sr-only" data-testid={`${kind}-announcement`}>
        {announcement}
      </span>
      {error && (
        <span role="alert" className="basis-full text-sm text-red-700">
          {error}
        </span>
      )}
    </form>
  );
}
