// On the owner's listing page: buy a paid launch (live at once or in a chosen week), shown while the
// listing has no paid launch and is not live yet. The weeks are listed in time order, "Now" first;
// next week is chosen until the owner chooses, so that a whole week on the leaderboard is the default.
import { Card } from '@/components/ui/card';
import { launchOffer } from '@/lib/orders/launch-offer';
import { usd } from '@/lib/orders/money';
import type { MyListing } from '@/lib/owner-listings/view';
import { siteNow } from '@/lib/time/clock';
import { isoWeekOf, weekRange } from '@/lib/time/iso-week';
import { BuyLaunchForm } from './buy-launch-form';

/** "Now" joins this week's leaderboard, which may end within hours: the option says when. */
function nowLabel(now: Date): string {
  const left = weekRange(isoWeekOf(now))!.end.getTime() - now.getTime();
  const hours = Math.max(1, Math.floor(left / 3_600_000));
  const ends = hours < 48 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : `${Math.floor(hours / 24)} days`;
  return `Now: go live as soon as it is paid (this week's leaderboard ends in ${ends})`;
}

export async function BuyLaunchSection({ listing }: { listing: MyListing }) {
  if (listing.plan === 'paid' || !['draft', 'awaiting_badge', 'scheduled'].includes(listing.status)) return null;
  const offer = await launchOffer();
  if (!offer) return null;
  return (
    <Card title="Paid launch">
      <p className="mb-4 text-sm text-stone-700">
        Skip the free queue: launch in the week you choose, or at once, with every profile section unlocked.
      </p>
      <BuyLaunchForm
        listingId={listing.id}
        price={usd(offer.priceCents)}
        weeks={[{ value: 'now', label: nowLabel(siteNow()) }, ...offer.weeks]}
        preselected={offer.weeks[0]?.value}
      />
    </Card>
  );
}
