// Local mailbox: every email the site "sent", read from the outbox. Only in development or with
// DEV_MAILBOX=1 (npm start turns it on for a loopback-only site without SMTP_URL), and in
// production only for a client on this machine (lib/http/dev-mailbox-gate.ts); otherwise a 404.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { devMailboxAnswers } from '@/lib/http/dev-mailbox-gate';
import { listOutbox } from '@/lib/mail/outbox';
import { LinkifiedText } from '@/components/dev/linkified-text';
import { exactTime, relativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClass } from '@/components/ui/field';

export const metadata: Metadata = { title: 'Dev mailbox', robots: { index: false } };
export const dynamic = 'force-dynamic';

const firstLink = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

type Props = { searchParams: Promise<{ to?: string | string[] }> };

export default async function DevMailboxPage({ searchParams }: Props) {
  if (!devMailboxAnswers(await headers())) notFound();
  const params = await searchParams;
  const to = typeof params.to === 'string' ? params.to.trim().slice(0, 254) : '';
  const mails = await listOutbox(await getDb(), { to: to || undefined, limit: 50 });
  const now = new Date();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Dev mailbox</h1>
          <p className="mt-1 text-sm text-stone-600">
            Emails the site sent, newest first.{' '}
            {process.env.SMTP_URL
              ? 'SMTP is configured: these were also delivered.'
              : 'No SMTP server is configured, so nothing left this machine.'}
          </p>
        </div>
        <form method="get" className="flex gap-2" role="search">
          <label htmlFor="to" className="sr-only">
            Recipient
          </label>
          <input
            id="to"
            name="to"
            type="search"
            defaultValue={to}
            placeholder="Filter by recipient"
            className={`${inputClass} min-w-0 sm:w-64`}
          />
          <button type="submit" className={buttonClass('secondary')}>
            Filter
          </button>
        </form>
      </div>

      {to && (
        <p className="text-sm text-stone-600">
          Showing mail to <strong className="text-stone-900">{to}</strong> ·{' '}
          <Link href="/dev/mailbox" className="text-brand-700 underline underline-offset-2">
            show all
          </Link>
        </p>
      )}

      {mails.length === 0 ? (
        <EmptyState title="No mail yet" as="p">
          Ask for a{' '}
          <Link href="/signin" className="text-brand-700 underline underline-offset-2">
            sign-in link
          </Link>{' '}
          and it will show up here. Reload to check again.
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Emails">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article className={`overflow-hidden ${cardClass}`} aria-label={mail.subject}>
                <header className="border-b border-stone-100 px-4 py-3 sm:px-5">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h2 className="font-semibold text-stone-900">{mail.subject}</h2>
                    <Badge>{mail.kind.replace(/_/g, ' ')}</Badge>
                    {mail.error && <Badge tone="danger">not delivered</Badge>}
                    {mail.sentAt && <Badge tone="success">delivered</Badge>}
                  </div>
                  <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm text-stone-600">
                      To <span className="break-all text-stone-900">{mail.to}</span> ·{' '}
                      <time dateTime={mail.createdAt.toISOString()} title={exactTime(mail.createdAt)}>
                        {relativeTime(mail.createdAt, now)}
                      </time>
                    </p>
                    {firstLink(mail.text) && (
                      <a href={firstLink(mail.text)} className={buttonClass('primary', 'sm')}>
                        {mail.kind === 'sign_in' ? 'Sign in' : 'Open link'}
                      </a>
                    )}
                  </div>
                </header>
                <LinkifiedText
                  text={mail.text}
                  className="px-4 py-4 text-sm leading-relaxed whitespace-pre-wrap text-stone-800 sm:px-5"
                />
                {mail.error && (
                  <p className="border-t border-red-100 bg-red-50 px-4 py-2 text-xs text-red-800 sm:px-5">
                    SMTP error: {mail.error}
                  </p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
