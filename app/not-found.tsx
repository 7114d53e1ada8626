// The 404 page, inside the site's layout (header and footer from app/layout.tsx).
import type { Metadata } from 'next';
import { ErrorNotice } from '@/components/error-notice';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <ErrorNotice status={404} title="Page not found">
      There is nothing at this address. It may have moved, or the link may be mistyped.
    </ErrorNotice>
  );
}
