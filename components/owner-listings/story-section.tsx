// Placeholder: the founder story editor, on the owner's listing page. Replaced by the helper that builds it.
import type { MyListing } from '@/lib/owner-listings/view';

export async function StorySection({ listing }: { listing: MyListing }) {
  void listing;
  return null;
}
