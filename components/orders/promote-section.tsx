// On the owner's listing page: buy a featured placement (once the listing is launched or scheduled)
// and bid for the home page billboard (once it is live), each through the checkout page.
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import type { BidStanding } from '@/lib/orders/billboard-standing';
import type { FeaturedHeld } from '@/lib/orders/bought-twice';
import { promoteOffer } from '@/lib/orders/launch-offer';
import { usd } from '@/lib/orders/money';
import type { MyListing } from '@/lib/owner-listings/view';
import { BuyBillboardForm } from './buy-billboard-form';
import { BuyFeaturedForm } from './buy-featured-form';

/** What the listing has or an order holds already, so the owner does not pick it again. */
function AlreadyHeld({ held }: { held: FeaturedHeld[] }) {
  if (!held.length) return null;
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-800">
      <p className="font-medium">Already bought for this listing</p>
      <ul className="mt-1 space-y-0.5" data-testid="featured-held">
        {held.map((h) => (
          <li key={`${h.week}:${h.category}:${h.order ?? ''}`}>
            {h.week} · {h.category}
            {h.order ? (
              <>
                {' '}
                · in order{' '}
                <Link href={`/account/orders/${h.order}`} className="font-mono underline">
                  {h.order}
                </Link>
              </>
            ) : (
              ' · featured'
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const BID_STATE: Record<BidStanding['state'], (b: BidStanding) => string> = {
  leading: () => 'leading: the highest bid so far',
  outbid: (b) =>
    `outbid: the highest bid is ${usd(b.highestCents)}; bid again above it, and this bid is refunded when the week starts`,
  won: () => 'won: on the home page this week',
  refunded: () => 'refunded',
};

/** The listing's billboard bids and where each stands, so a bidder knows whether to bid again. */
function YourBids({ bids }: { bids: BidStanding[] }) {
  if (!bids.length) return null;
  return (
    <div className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-800">
      <p className="font-medium">Your bids</p>
      <ul className="mt-1 space-y-0.5" data-testid="billboard-bids">
        {bids.map((b) => (
          <li key={b.order}>
            {b.week} · {usd(b.bidCents)} · {BID_STATE[b.state](b)} ·{' '}
            <Link href={`/account/orders/${b.order}`} className="font-mono underline">
              {b.order}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function PromoteSection({ listing }: { listing: MyListing }) {
  if (['draft', 'rejected', 'archived'].includes(listing.status)) return null;
  const offer = await promoteOffer({ listingId: listing.id, live: listing.status === 'live' });
  const {
    featuredCents: featuredPrice,
    billboardCents: billboardPrice,
    weeks,
    categories,
    held,
    bids,
    highest,
  } = offer;
  if (featuredPrice === null && billboardPrice === null) return null;
  const chosen = categories.filter((c) => listing.categories.includes(c.name)).map((c) => c.slug);
  const heldIn = (week: string) => held.filter((h) => h.week === week).map((h) => h.category);
  return (
    <Card title="Promote">
      {featuredPrice !== null && (
        <section aria-labelledby="featured-heading" className="space-y-3">
          <h3 id="featured-heading" className="font-semibold text-stone-900">
            Featured placement
          </h3>
          <p className="text-sm text-stone-700">
            Pinned at the top of the category pages you choose, marked as featured, during the weeks you choose.
          </p>
          <AlreadyHeld held={held} />
          <BuyFeaturedForm
            listingId={listing.id}
            priceCents={featuredPrice}
            weeks={weeks.map((w) =>
              heldIn(w.value).length ? { ...w, label: `${w.label} (bought: ${heldIn(w.value).join(', ')})` } : w,
            )}
            // The listing's own categories first and marked: featuring it elsewhere is allowed, and paid for.
            categories={[
              ...categories.filter((c) => listing.categories.includes(c.name)),
              ...categories.filter((c) => !listing.categories.includes(c.name)),
            ].map((c) => ({
              value: c.slug,
              label: listing.categories.includes(c.name) ? `${c.name} (your listing’s)` : c.name,
            }))}
            chosenCategories={chosen.slice(0, 3)}
          />
        </section>
      )}
      {billboardPrice !== null && (
        <section aria-labelledby="billboard-heading" className="mt-8 space-y-3 border-t border-stone-200 pt-6">
          <h3 id="billboard-heading" className="font-semibold text-stone-900">
            Homepage billboard
          </h3>
          <p className="text-sm text-stone-700">A banner on the home page for one week, to the highest bid.</p>
          <YourBids bids={bids} />
          <BuyBillboardForm
            listingId={listing.id}
            weeks={weeks.map((w) => {
              const top = highest.get(w.value);
              return top === undefined ? w : { ...w, label: `${w.label} · highest bid ${usd(top)}` };
            })}
            minimum={usd(billboardPrice)}
          />
        </section>
      )}
    </Card>
  );
}
