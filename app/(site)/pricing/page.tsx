import type { Metadata } from 'next';
import Link from 'next/link';
import { cachedProducts } from '@/lib/directory/cached';
import { formatPrice } from '@/lib/directory/format';
import { cardClass } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';
import type { ProductOption } from '@/db/schema';

/**
 * What the price is for when options multiply it ("per week and category": 2 weeks in 2 categories
 * are 4 times the price); a bid (integer_cents) starts at it.
 */
function priceUnit(options: ProductOption[]): string {
  const each = options
    .filter((o) => o.type.endsWith('_list'))
    .map((o) => o.name.replace(/ies$/, 'y').replace(/s$/, '').replace(/_/g, ' '));
  return each.length ? `per ${each.join(' and ')}` : '';
}

/** Every plan starts the same way: the product is submitted first (sign-in on the way when needed). */
function SubmitFirst({ label = 'Submit a product' }: { label?: string }) {
  return (
    <Link href="/submit" className={buttonClass('secondary', 'sm', 'mt-4 self-start')}>
      {label}
    </Link>
  );
}

export const metadata: Metadata = {
  title: 'Pricing',
  description: 'Launch for free, or buy a paid launch and extras. Prices exclude VAT.',
  alternates: { canonical: '/pricing' },
};
export const dynamic = 'force-dynamic';

export default async function PricingPage() {
  const products = await cachedProducts();
  return (
    <div className="space-y-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pricing</h1>
        <p className="mt-2 text-stone-600">
          Listing is free: a free listing joins the launch queue a few weeks out. Paid products launch sooner and get
          seen by more people. Prices are in US dollars and exclude VAT.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li className={`flex flex-col p-5 ${cardClass}`}>
          <h2 className="font-semibold text-stone-900">Free listing</h2>
          <p className="mt-1 text-3xl font-bold tracking-tight">$0</p>
          <p className="mt-2 text-sm text-stone-600">
            Queued for a launch week some weeks out. Goes live once our badge is on your site and your founder profile
            is complete.
          </p>
          <p className="mt-auto pt-4 text-xs text-stone-500">
            Start by submitting your website: we draft the listing for you
          </p>
          <SubmitFirst label="Submit a product for free" />
        </li>
        {products.map((p) => (
          <li key={p.key} className={`flex flex-col p-5 ${cardClass}`}>
            <h2 className="font-semibold text-stone-900">{p.name}</h2>
            <p className="mt-1 text-3xl font-bold tracking-tight">
              {p.options.some((o) => o.type === 'integer_cents') && (
                <span className="text-base font-medium">from </span>
              )}
              {formatPrice(p.priceCents)}
              {priceUnit(p.options) && (
                <span className="text-base font-medium text-stone-600"> {priceUnit(p.options)}</span>
              )}
            </p>
            {p.description && <p className="mt-2 text-sm text-stone-600">{p.description}</p>}
            <p className="mt-auto pt-4 text-xs text-stone-500">
              {p.needsListing
                ? 'Bought for one of your listings, on its page in your account'
                : 'Not tied to a listing'}{' '}
              · excl. VAT
            </p>
            {p.needsListing ? (
              <div className="mt-4 flex flex-wrap gap-2">
                <Link href="/account/listings" className={buttonClass('secondary', 'sm')}>
                  Your listings
                </Link>
                <Link href="/submit" className={buttonClass('ghost', 'sm')}>
                  Submit a product
                </Link>
              </div>
            ) : (
              <SubmitFirst />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
