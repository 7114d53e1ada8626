// A name written as one word or as two finds the listing, named as a correction: "zephyr desk" for
// Zephyrdesk, "mossyharbor" for Mossy Harbor.
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { searchListings } from './search';
import { wordApart, wordsTogether } from './search-compounds';

const { db } = await useTestDatabase();
const [site] = await db.select().from(sites);
const live = { siteId: site.id, status: 'live' as const };
await db.insert(listings).values([
  { ...live, slug: 'zephyrdesk', name: 'Zephyrdesk', url: 'https://zephyrdesk.example.com', headline: 'Support chat' },
  {
    ...live,
    slug: 'mossy-harbor',
    name: 'Mossy Harbor',
    url: 'https://mossyharbor.example.com',
    headline: 'Daily drills',
  },
]);
const search = (q: string) => searchListings(db, { q, page: 1, per_page: 20 });

describe('names written as one word or as two', () => {
  it('joins two or three plain words, and nothing else', () => {
    expect(wordsTogether('Chat Widget')).toBe('chatwidget');
    expect(wordsTogether('help desk pro')).toBe('helpdeskpro');
    expect(wordsTogether('chatwidget')).toBeNull();
    expect(wordsTogether('chat -widget')).toBeNull();
    expect(wordsTogether('"chat widget"')).toBeNull();
    expect(wordsTogether('a b c d')).toBeNull();
    expect(wordsTogether('zephyr or desk')).toBeNull();
  });

  it('finds Zephyrdesk for "zephyr desk", as a correction', async () => {
    const found = await search('zephyr desk');
    expect(found.rows.map((r) => r.name)).toEqual(['Zephyrdesk']);
    expect(found.correctedQuery).toBe('zephyrdesk');
  });

  it('finds Mossy Harbor for "mossyharbor", splitting at the words the listings hold', async () => {
    expect(await wordApart(db, 'mossyharbor')).toBe('mossy harbor');
    expect(await wordApart(db, 'mossy')).toBeNull(); // too short to split
    expect(await wordApart(db, 'qqqzzzxx')).toBeNull();
    const found = await search('mossyharbor');
    expect(found.rows.map((r) => r.name)).toEqual(['Mossy Harbor']);
    expect(found.correctedQuery).toBe('mossy harbor');
  });

  it('leaves a search that found something as it is', async () => {
    const found = await search('zephyrdesk');
    expect(found.rows.map((r) => r.name)).toEqual(['Zephyrdesk']);
    expect(found.correctedQuery).toBeUndefined();
  });
});
