import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sites } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

export type Site = typeof sites.$inferSelect;

const cache = new WeakMap<Db, Promise<Site>>();

export const siteKey = () => process.env.SITE_KEY || 'main';

/** The site this deployment serves (seeded; read once per database handle). */
export function getSite(db: Db): Promise<Site> {
  let site = cache.get(db);
  if (!site) {
    site = db
      .select()
      .from(sites)
      .where(eq(sites.key, siteKey()))
      .then((rows) => {
        if (!rows[0]) throw new AppError('internal', 'The site is not set up yet. Run `npm run db:seed`.');
        return rows[0];
      });
    site.catch(() => cache.delete(db));
    cache.set(db, site);
  }
  return site;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's origin for links and OAuth metadata: APP_URL. A site on a loopback name (the default
 * of `npm start`) is one site under every loopback name: a request to http://127.0.0.1:3000 is
 * answered with that origin, so an MCP client connecting there gets metadata naming what it used.
 */
export function publicBaseUrl(requestUrl?: string): string {
  const configured = process.env.APP_URL || process.env.AUTH_URL;
  if (configured) {
    const base = configured.replace(/\/+$/, '');
    if (requestUrl) {
      const [site, asked] = [new URL(base), new URL(requestUrl)];
      const local = LOOPBACK_NAMES.has(site.hostname) && LOOPBACK_NAMES.has(asked.hostname);
      if (local && site.protocol === asked.protocol && site.port === asked.port && site.pathname === '/')
        return asked.origin;
    }
    return base;
  }
  if (requestUrl) return new URL(requestUrl).origin;
  return `http://localhost:${process.env.PORT || 3000}`;
}
