// Listings pinned at the top of a category's page this week (the featured_week product), marked as featured.
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { cachedFeatured } from '@/lib/orders/featured';

export async function FeaturedListings({ category, name }: { category: string; name: string }) {
  const rows = await cachedFeatured(category);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="featured-heading" data-testid="featured">
      <h2 id="featured-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold text-stone-700">
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>
        Featured in {name} this week
      </h2>
      <ListingList label={`Featured in ${name}`}>
        {rows.map((l) => (
          <ListingRow key={l.id} listing={l} />
        ))}
      </ListingList>
    </section>
  );
}
