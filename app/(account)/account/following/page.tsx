// What the visitor follows and voted for: each product links to its page, where a follow or a vote
// is taken back. Followed products' updates also come by email.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { ACCOUNT_LIST_MAX, followedListings, votedListings } from '@/lib/follows/account-lists';
import type { SummaryRow } from '@/lib/listings/summary';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Following and votes', robots: { index: false } };

function Section({ id, title, rows, empty }: { id: string; title: string; rows: SummaryRow[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}{' '}
        {rows.length > 0 && (
          <span className="font-normal text-stone-500">
            ({rows.length > ACCOUNT_LIST_MAX ? `${ACCOUNT_LIST_MAX}+` : rows.length})
          </span>
        )}
      </h2>
      {rows.length ? (
        <ListingList label={title}>
          {rows.slice(0, ACCOUNT_LIST_MAX).map((l) => (
            <ListingRow key={l.id} listing={l} />
          ))}
        </ListingList>
      ) : (
        <EmptyState>{empty}</EmptyState>
      )}
      {rows.length > ACCOUNT_LIST_MAX && (
        <p className="text-sm text-stone-600">The {ACCOUNT_LIST_MAX} most recent are shown.</p>
      )}
    </section>
  );
}

export default async function FollowingPage() {
  const user = await requireUser('/account/following');
  const db = await getDb();
  const [followed, voted] = await Promise.all([followedListings(db, user.id), votedListings(db, user.id)]);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Following and votes</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Products you follow send you their updates by email. To stop following or take a vote back, open the product
          and press the button again.{' '}
          <Link href="/search" className="underline">
            Find more products
          </Link>
          .
        </p>
      </div>
      <Section
        id="following-heading"
        title="Following"
        rows={followed}
        empty="You follow no product yet: press Follow on a product’s page to hear about its updates."
      />
      <Section
        id="votes-heading"
        title="Your votes"
        rows={voted}
        empty="You have not voted yet: press Upvote on a product you like."
      />
    </div>
  );
}
