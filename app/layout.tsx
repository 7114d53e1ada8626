import type { Metadata, Viewport } from 'next';
import './globals.css';
import { SiteHeader } from '@/components/site-header';
import { SiteFooter } from '@/components/site-footer';
import { RequestIdMeta } from '@/components/request-id-meta';

export const metadata: Metadata = {
  title: { default: 'Product Directory: where makers launch', template: '%s · Product Directory' },
  description: 'Discover new products, vote for your favourites and launch your own.',
  metadataBase: new URL(process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`),
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#f26b1d' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <RequestIdMeta />
        <SiteHeader />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">{children}</main>
        <SiteFooter />
      </body>
    </html>
  );
}
