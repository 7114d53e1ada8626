// Submit a product by URL: the first step of listing a product.
import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/lib/auth/session';
import { AccountShell } from '@/components/account/account-shell';
import { SubmitUrlForm } from '@/components/drafts/submit-url-form';
import { submitErrorText } from '@/lib/site/notices';

export const metadata: Metadata = { title: 'Submit a product' };
export const dynamic = 'force-dynamic';

const promises = [
  {
    title: 'We read your public site',
    text: 'Up to 20 pages (home, about, pricing, FAQ, team…), and never a page your robots.txt asks crawlers to skip.',
  },
  {
    title: 'Every value is quoted',
    text: 'Each field shows the sentence on your site it came from, with a link to that page.',
  },
  {
    title: 'Nothing is invented',
    text: "If your site doesn't say it, the field stays blank for you to fill in. You review everything before it goes anywhere.",
  },
];

export default async function SubmitPage({
  searchParams,
}: {
  searchParams: Promise<{ url?: string; error?: string }>;
}) {
  await requireUser('/submit');
  const { url, error } = await searchParams;
  return (
    <AccountShell>
      <div className="max-w-2xl space-y-8">
        <header>
          <p className="text-sm font-semibold text-brand-700">Submit a product</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            Start with your website. We&apos;ll draft the listing.
          </h1>
          <p className="mt-2 text-stone-600">
            Give us your product&apos;s address and we&apos;ll fill in the listing from what your site says: name,
            headline, pricing, founders, FAQs and more. You edit and submit it when it looks right.
          </p>
        </header>
        <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6">
          <SubmitUrlForm initialUrl={url?.slice(0, 2000)} initialError={submitErrorText(error) ?? undefined} />
        </div>
        <ul className="grid gap-3 sm:grid-cols-3">
          {promises.map((p, i) => (
            <li key={p.title} className="rounded-xl border border-stone-200 bg-white/60 p-4">
              <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
                {i + 1}
              </span>
              <h2 className="mt-2 text-sm font-semibold text-stone-900">{p.title}</h2>
              <p className="mt-1 text-sm text-stone-600">{p.text}</p>
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-500">
          Already started one?{' '}
          <Link href="/drafts" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
            See your drafts
          </Link>
        </p>
      </div>
    </AccountShell>
  );
}
