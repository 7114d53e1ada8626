import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { searchListings } from './search';
import { chooseCorrection, correctionSql, correctQuery } from './search-correction';

const { db } = await useTestDatabase();
const [site] = await db.select().from(sites);
await db.insert(listings).values({
  siteId: site.id,
  slug: 'glimmerquartz',
  name: 'Glimmerquartz',
  url: 'https://glimmerquartz.example.com',
  headline: 'Gemstone inventories',
  status: 'live',
});

/** The correction found by the first statement alone (the spellings one edit away), without the trigram fallback. */
async function fastPath(q: string) {
  const result = (await db.execute(correctionSql(q)!)) as unknown as unknown[] | { rows: unknown[] };
  const rows = (Array.isArray(result) ? result : result.rows) as Parameters<typeof chooseCorrection>[1];
  return chooseCorrection(q, rows);
}

describe('spelling correction', () => {
  it('corrects a transposition in a long word from the one-edit spellings, in one statement', async () => {
    expect(await fastPath('glimmerqaurtz gemstone')).toBe('glimmerquartz gemstone');
    expect(await correctQuery(db, 'glimmerqaurtz gemstone')).toBe('glimmerquartz gemstone');
  });

  it('falls back to the nearest words by trigrams for two edits in a long word', async () => {
    expect(await fastPath('glimerqaurtz gemstone')).toBeUndefined(); // a deletion and a transposition
    expect(await correctQuery(db, 'glimerqaurtz gemstone')).toBe('glimmerquartz gemstone');
  });

  it('finds a word of 8 letters with two substitutions apart, which share the fewest trigrams (similarity 0.2)', async () => {
    expect(await fastPath('gexstane glimmerquartz')).toBeUndefined();
    expect(await correctQuery(db, 'gexstane glimmerquartz')).toBe('gemstone glimmerquartz');
  });

  it('falls back for the word being typed, which may be the start of a longer word', async () => {
    expect(await fastPath('gemstone glimmrq')).toBeUndefined();
    expect(await correctQuery(db, 'gemstone glimmrq')).toBe('gemstone glimmerquartz');
    expect(await correctQuery(db, 'glimmrq gemstone')).toBeUndefined(); // 7 letters, not being typed: no fallback
  });

  it('remembers a correction, which a search keeps only while the corrected words find a listing', async () => {
    const search = () => searchListings(db, { q: 'glimmerquatrz', page: 1, per_page: 20 });
    expect((await search()).correctedQuery).toBe('glimmerquartz');
    await db.update(listings).set({ status: 'draft' }).where(eq(listings.slug, 'glimmerquartz'));
    try {
      // No live listing holds the word now: a new misspelling of it is not corrected, but this one is
      // remembered (the dictionary is not read again) ...
      expect(await correctQuery(db, 'glimmerqautrz')).toBeUndefined();
      expect(await correctQuery(db, 'glimmerquatrz', { searchMissed: true })).toBe('glimmerquartz');
      // ... and the search, finding nothing with it either, answers for the words as typed.
      expect(await search()).toEqual({ rows: [], total: 0, totalExact: true });
    } finally {
      await db.update(listings).set({ status: 'live' }).where(eq(listings.slug, 'glimmerquartz'));
    }
    expect((await search()).correctedQuery).toBe('glimmerquartz');
  });

  it('finds words joined by a hyphen that a listing writes apart, and a listing that writes them so', async () => {
    const found = await searchListings(db, { q: 'gemstone-inventories', page: 1, per_page: 20 });
    expect(found.rows.map((r) => r.slug)).toEqual(['glimmerquartz']);
    expect(found.correctedQuery).toBeUndefined();
    // A misspelled word among them is still corrected.
    const typo = await searchListings(db, { q: 'gemstone-inventorise', page: 1, per_page: 20 });
    expect(typo).toMatchObject({ correctedQuery: 'gemstone inventories', total: 1 });
    // An exclusion stays one: "-gemstone" leaves the listing out.
    expect((await searchListings(db, { q: 'glimmerquartz -gemstone', page: 1, per_page: 20 })).total).toBe(0);
  });
});
