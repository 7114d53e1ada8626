'use client';
// The unsubscribe page's content: a confirm button (opening the link changes nothing: mail scanners
// open links), then what happened. Works without JavaScript: the page re-renders with the action's answer.
import Link from 'next/link';
import { useActionState } from 'react';
import { unsubscribeAction, type UnsubscribeState } from '@/lib/actions/listing-content';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

type Target = { listingName: string; slug: string };

export function UnsubscribePanel({ token, target }: { token: string; target: Target | null }) {
  const [state, action, pending] = useActionState<UnsubscribeState, FormData>(unsubscribeAction, idleState());
  if (state.status === 'ok') {
    const done = state.data;
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight">{done ? 'You are unsubscribed' : 'Already unsubscribed'}</h1>
        <FormStatus state={state} className="mt-2 text-base" />
        {done && (
          <p className="mt-4 text-sm text-stone-600">
            Changed your mind? Follow {done.listingName} again on{' '}
            <Link href={`/p/${done.slug}`} className="text-brand-700 underline underline-offset-2">
              its page
            </Link>
            .
          </p>
        )}
      </>
    );
  }
  if (!target) {
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight">This unsubscribe link is not valid any more</h1>
        <p className="mt-2 text-stone-600">
          Each link works once, so you may have used it already: it sends you no more emails. If an email still arrives,
          use the link at the bottom of that email.
        </p>
        <Link href="/" className="mt-5 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Go to the directory
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-brand-700">Email updates</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance">Stop emails about {target.listingName}?</h1>
      <p className="mt-2 text-stone-600">
        You follow {target.listingName}, so you get an email when it posts an update. Unsubscribing unfollows it: no
        more emails about it. You can follow it again any time.
      </p>
      <form action={action} className="mt-6 flex flex-wrap items-center gap-3">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
        <Link href={`/p/${target.slug}`} className="text-sm font-medium text-stone-700 underline underline-offset-2">
          Keep following
        </Link>
      </form>
      <FormStatus state={state} className="mt-2 text-sm" />
    </>
  );
}
