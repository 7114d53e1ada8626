import { listingCard, OG_SIZE } from '@/components/directory/og-card';
import { cachedListing } from '@/lib/directory/cached';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Product card';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const listing = await cachedListing((await params).slug);
  if (!listing) return new Response('Not found', { status: 404 });
  return listingCard({
    name: listing.name,
    headline: listing.headline,
    votes: listing.votes,
    categories: listing.categories.map((c) => c.name),
  });
}
