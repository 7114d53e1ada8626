import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/** Previous/next links that keep the other query parameters (works without JavaScript). */
export function Pagination({
  page,
  perPage,
  total,
  basePath,
  params = {},
}: {
  page: number;
  perPage: number;
  total: number;
  basePath: string;
  params?: Record<string, string | undefined>;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  const link = buttonClass('secondary');
  if (page > pages)
    // Past the last page (an old or edited link): the way back to where the list ends.
    return (
      <nav aria-label="Pagination" className="mt-6 flex items-center gap-4">
        <Link href={href(pages)} className={link}>
          {`← Back to page ${pages.toLocaleString('en-US')}`}
        </Link>
      </nav>
    );
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={link}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">
        Page {page} of {pages.toLocaleString('en-US')}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={link}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page number from the query string, clamped to something sensible. */
export function pageParam(value: string | string[] | undefined, max = 5000): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

export function stringParam(value: string | string[] | undefined, maxLength = 200): string | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v ? v.slice(0, maxLength) : undefined;
}
