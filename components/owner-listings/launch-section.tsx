// Placeholder: issue 14 (launches): the free launch, badge and gates, on the owner's listing page. Replaced by the helper that builds it.
import type { MyListing } from '@/lib/owner-listings/view';

export async function LaunchSection({ listing }: { listing: MyListing }) {
  void listing;
  return null;
}
