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

export function publicBaseUrl(requestUrl?: string): string {
  const configured = process.env.APP_URL || process.env.AUTH_URL;
  if (configured) return configured.replace(/\/+$/, '');
  if (requestUrl) return new URL(requestUrl).origin;
  return `http://localhost:${process.env.PORT || 3000}`;
}
