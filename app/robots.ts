import type { MetadataRoute } from 'next';
import { publicBaseUrl } from '@/lib/site/site';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = publicBaseUrl();
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/account', '/admin', '/checkout', '/oauth', '/mcp', '/signin', '/dev/'],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
  };
}
