// An update mail's unsubscribe link (one per follow): shows what it stops and a confirm button.
// Opening it changes nothing (mail scanners open links); the button (a POST) unfollows.
import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { findUnsubscribe } from '@/lib/listing-content/unsubscribe';
import { UnsubscribePanel } from '@/components/follows/unsubscribe-panel';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = {
  title: 'Unsubscribe',
  robots: { index: false, follow: false },
  // Not 'no-referrer' (the token is in the address, but the browser's default already keeps the path
  // from other sites): with it, browsers send `Origin: null` and Next refuses the server action.
};
export const dynamic = 'force-dynamic';

export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 200);
  const target = await findUnsubscribe(await getDb(), token);
  return (
    <div className={`mx-auto max-w-xl p-5 sm:p-8 ${cardClass}`}>
      <UnsubscribePanel token={token} target={target && { listingName: target.listingName, slug: target.slug }} />
    </div>
  );
}
