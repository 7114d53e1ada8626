// A draft: live progress while it builds, the reason (and a retry) if it failed, the editor once ready.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { asc } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { categories as categoryTable } from '@/db/schema';
import { requireUser } from '@/lib/auth/session';
import { getDraft } from '@/lib/drafts/queries';
import type { DraftView } from '@/lib/drafts/types';
import { DraftEditor } from '@/components/drafts/draft-editor';
import { DraftProgress } from '@/components/drafts/draft-progress';
import { DraftFailed } from '@/components/drafts/draft-failed';
import { hostOf } from '@/components/drafts/labels';
import { SafeImage } from '@/components/drafts/safe-image';
import { ListingLogo } from '@/components/directory/listing-logo';
import { draftStatus } from '@/lib/drafts/status';

export const metadata: Metadata = { title: 'Your draft' };
export const dynamic = 'force-dynamic';

function Header({ draft }: { draft: DraftView }) {
  const name = (draft.fields.name.value as string | null) ?? hostOf(draft.url);
  const logo = draft.fields.logo_url.value as string | null;
  return (
    <header className="flex items-start gap-3 sm:gap-4">
      <SafeImage
        src={logo ?? ''}
        alt=""
        className="h-12 w-12 shrink-0 rounded-xl border border-stone-200 bg-white object-contain"
        fallback={<ListingLogo name={name} logoUrl={null} size="md" />}
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-stone-500">
          <Link href="/drafts" className="hover:text-stone-800 hover:underline">
            My drafts
          </Link>{' '}
          / Draft
        </p>
        <h1 className="truncate text-2xl font-bold tracking-tight">{name}</h1>
        <p className="mt-0.5 truncate text-sm text-stone-600">
          Drafted from{' '}
          <a
            href={draft.url}
            target="_blank"
            rel="noopener nofollow noreferrer"
            className="font-medium text-sky-700 hover:underline"
          >
            {hostOf(draft.url)}
          </a>
          {' · '}
          {draft.pages.filter((p) => p.status === 'fetched').length} pages read
        </p>
      </div>
    </header>
  );
}

export default async function DraftPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/drafts/${encodeURIComponent(id)}`);
  const db = await getDb();
  const draft = await getDraft(db, user.id, id.slice(0, 64)).catch(() => null);
  if (!draft) notFound();

  if (draft.status === 'crawling' || draft.status === 'drafting') {
    const status = await draftStatus(db, user.id, draft.id);
    if (status) return <DraftProgress draftId={draft.id} url={draft.url} initial={status} />;
  }
  if (draft.status === 'failed') return <DraftFailed draft={draft} />;

  // Names only: list_categories also counts live listings, which the editor does not need.
  const categories = (
    await db
      .select({ name: categoryTable.name })
      .from(categoryTable)
      .orderBy(asc(categoryTable.position), asc(categoryTable.name))
  ).map((c) => c.name);
  const banner =
    draft.listing_id !== null ? (
      <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        Submitted as listing <strong>#{draft.listing_id}</strong>. Saving here changes the listing too (only what you
        change).{' '}
        <Link href={`/account/listings/${draft.listing_id}`} className="font-medium underline underline-offset-2">
          Open the listing
        </Link>{' '}
        to edit it, launch it and see its history.
      </p>
    ) : (
      <p className="rounded-xl border border-sky-100 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        We drafted this from your site. Every value marked <strong>From your site</strong> shows the quote it came from;
        blank fields are things your site doesn&apos;t say. Edit anything, then <strong>Submit listing</strong> at the
        bottom.
      </p>
    );
  return (
    <div className="space-y-6">
      <Header draft={draft} />
      <DraftEditor key={draft.id} draft={draft} categories={categories} banner={banner} />
    </div>
  );
}
