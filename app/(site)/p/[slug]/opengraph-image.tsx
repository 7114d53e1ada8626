import { listingCard, OG_SIZE } from '@/components/directory/og-card';
import { cachedListing } from '@/lib/directory/cached';
import { comingSoonFor } from '@/lib/directory/coming-soon';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Product card';

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const listing = await cachedListing(slug);
  if (!listing) {
    // Not launched yet: its "coming soon" page is shared too (the badge and upcoming launches link it).
    const soon = await comingSoonFor(slug);
    if (!soon) return new Response('Not found', { status: 404 });
    return listingCard({
      name: soon.name,
      headline: soon.headline,
      categories: [],
      launching: soon.launchWeek,
    });
  }
  return listingCard({
    name: listing.name,
    headline: listing.headline,
    votes: listing.votes,
    categories: listing.categories.map((c) => c.name),
  });
}
