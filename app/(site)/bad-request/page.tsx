// The 400 page: proxy.ts answers a page request whose query holds a NUL with this page, with status 400.
import type { Metadata } from 'next';
import { ErrorNotice } from '@/components/error-notice';

export const metadata: Metadata = { title: 'Bad request', robots: { index: false } };

export default function BadRequestPage() {
  return (
    <ErrorNotice status={400} title="This address cannot be read">
      The address holds characters no page accepts (such as a NUL). Check the link, or start again from the home page.
    </ErrorNotice>
  );
}
