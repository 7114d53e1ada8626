import type { Metadata, Viewport } from 'next';
import './globals.css';
import { SiteHeader } from '@/components/site-header';
import { SiteFooter } from '@/components/site-footer';
import { RequestIdMeta } from '@/components/request-id-meta';
import { FocusKeeper } from '@/components/focus-keeper';
import { UrlScheme } from '@/components/url-scheme';

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
        {/* The first Tab on every page: past the header straight to the page's own content. */}
        <a
          href="#main"
          className="sr-only rounded-lg bg-white text-sm font-semibold text-brand-800 shadow-lg ring-2 ring-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2.5"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 scroll-mt-16 px-4 py-6 focus:outline-none sm:py-10"
        >
          {children}
        </main>
        <SiteFooter />
        <FocusKeeper />
        <UrlScheme />
      </body>
    </html>
  );
}
