// Listing statuses and plans are a closed set: the database refuses any other value.
import { describe, expect, it } from 'vitest';
import { LISTING_PLANS, LISTING_STATUSES, listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();

async function insert(values: Record<string, string>) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const slug = `names-${Math.random().toString(36).slice(2, 10)}`;
  // The values come in untyped on purpose: the check constraint, not TypeScript, refuses them.
  return db
    .insert(listings)
    .values({ siteId: site.id, slug, name: slug, url: 'https://example.org', ...(values as object) });
}

describe('listing status and plan', () => {
  it('accepts each named status and plan', async () => {
    for (const status of LISTING_STATUSES) await insert({ status });
    for (const plan of LISTING_PLANS) await insert({ plan });
  });

  it('refuses any other value', async () => {
    await expect(insert({ status: 'published' })).rejects.toThrow();
    await expect(insert({ plan: 'gold' })).rejects.toThrow();
  });
});
