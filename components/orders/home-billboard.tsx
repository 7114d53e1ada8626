// The home page's billboard: this week's winning bid (the billboard product), marked as sponsored.
import Link from 'next/link';
import { ListingLogo } from '@/components/directory/listing-logo';
import { cachedBillboard } from '@/lib/orders/billboard';

export async function HomeBillboard() {
  const b = await cachedBillboard();
  if (!b) return null;
  return (
    <aside
      aria-label="Sponsored"
      data-testid="billboard"
      className="relative flex items-center gap-4 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4"
    >
      <ListingLogo name={b.name} logoUrl={b.logoUrl} />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Sponsored this week</p>
        <Link
          href={`/p/${b.slug}`}
          className="font-semibold text-stone-900 after:absolute after:inset-0 hover:text-brand-700"
        >
          {b.name}
        </Link>
        <p className="line-clamp-2 text-sm text-stone-700">{b.headline}</p>
      </div>
    </aside>
  );
}
