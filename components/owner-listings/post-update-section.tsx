// Placeholder: post an update to followers, on the owner's listing page. Replaced by the helper that builds it.
import type { MyListing } from '@/lib/owner-listings/view';

export async function PostUpdateSection({ listing }: { listing: MyListing }) {
  void listing;
  return null;
}
