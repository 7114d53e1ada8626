// search_expand (migrations 0016, 0022): the word being typed, rewritten from the lexeme counts so that the
// words' index need not gather a large posting list, matches exactly the live listings it matched before;
// so do its two parts (search_expand_parts), OR-ed.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { ranCte } from '@/test/support/search-explain';
import { searchListings, type SearchInput, type SearchLimits } from './search';

const { db } = await useTestDatabase();
const [site] = await db.select().from(sites);

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function addListings(rows: { name: string; headline?: string; status?: 'live' | 'archived' }[]) {
  await db.insert(listings).values(
    rows.map((r, i) => {
      const slug = `${r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}-${Math.random().toString(36).slice(2, 7)}`;
      return {
        siteId: site.id,
        slug,
        name: r.name,
        headline: r.headline,
        url: `https://${slug}.example.com`,
        status: r.status ?? 'live',
      };
    }),
  );
}

/** q (to_tsquery text) expanded (a lexeme in `frequent` listings counts as frequent), and the live listings each form matches. */
async function compare(q: string, frequent = 1000) {
  const [row] = rowsOf<{
    expanded: string;
    main: string;
    rest: string | null;
    before: number[];
    after: number[];
    parts: number[];
  }>(
    await db.execute(sql`select search_expand(to_tsquery('english', ${q}), ${frequent}::int)::text as expanded,
      p[2]::text as main, p[3]::text as rest,
      array(select id from listings where status = 'live' and search @@ to_tsquery('english', ${q}) order by id) as before,
      array(select id from listings where status = 'live' and search @@ search_expand(to_tsquery('english', ${q}), ${frequent}::int) order by id) as after,
      array(select id from listings where status = 'live' and (search @@ p[2] or search @@ p[3]) order by id) as parts
      from (select search_expand_parts(to_tsquery('english', ${q}), ${frequent}::int) as p) x`),
  );
  expect(row.parts, `${q}: main | rest`).toEqual(row.before);
  return row;
}

describe('search_expand', () => {
  it('replaces a prefix beginning few lexemes by those lexemes, matching the same live listings', async () => {
    await addListings([
      { name: 'Zorblax' },
      { name: 'Zorblaxify Pro', headline: 'zorbing made easy' },
      { name: 'Quillet Zorblax', headline: 'quillet notes' },
      { name: 'Zorbnever', status: 'archived' }, // not live: its lexeme is not counted
    ]);
    for (const q of ['zorb:*', 'zorblax:*', 'quillet & zorb:*', 'quillet & zorblax:*', 'zorbl:* & made']) {
      const { expanded, before, after } = await compare(q);
      expect(expanded, q).not.toContain(':*');
      expect(before.length, q).toBeGreaterThan(0);
      expect(after, q).toEqual(before);
    }
    expect((await compare('zorb:*')).expanded).not.toContain('zorbnev');
    // Not a plain conjunction, or nothing begun: unchanged.
    for (const q of ['zorb:* | quillet', '!zorblax', 'zzqqxx:*', 'zorblax']) {
      expect((await compare(q)).rest, q).toBeNull();
      expect((await compare(q)).expanded).toBe(
        rowsOf<{ q: string }>(await db.execute(sql`select to_tsquery('english', ${q})::text as q`))[0].q,
      );
    }
  });

  it('keeps a frequent whole word apart from the longer words it begins (one prefix per next letter)', async () => {
    // "frequentia" in 1,000 live listings (frequent here: the threshold is lowered from 10,000), and 40
    // longer words that begin it, so more than 32 lexemes.
    await addListings(Array.from({ length: 1000 }, (_, i) => ({ name: `Tool ${i}`, headline: 'frequentia daily' })));
    const longer = Array.from(
      { length: 40 },
      (_, i) => `frequentia${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`,
    );
    await addListings(longer.map((w) => ({ name: `Other ${w}`, headline: w })));
    for (const q of ['frequentia:*', 'daily & frequentia:*', 'frequentia:* & daily', 'frequentiaa:*']) {
      const { expanded, main, rest, before, after } = await compare(q);
      expect(after, q).toEqual(before);
      if (q !== 'frequentiaa:*') {
        expect(expanded, q).toContain("'frequentia' |");
        expect(expanded, q).not.toContain("'frequentia':*");
        // Split: the word alone in one part, its longer words alone in the other, the other words in both.
        expect(main, q).not.toContain(':*');
        expect(main, q).toContain("'frequentia'");
        expect(rest, q).toContain("'frequentiaa':*");
        expect(rest, q).not.toMatch(/'frequentia'(?!:)/);
        if (q.includes('daily')) for (const part of [main, rest]) expect(part, q).toContain("'daili'");
      } else expect(rest, q).toBeNull();
    }
    expect((await compare('frequentia:*')).before).toHaveLength(1040);
    // Under the default threshold (10,000 listings) the word is not frequent: left as typed.
    expect((await compare('frequentia:*', 10_000)).expanded).toBe("'frequentia':*");
  });

  it('searches with the two parts as it searched with the word as typed (scanned and floored)', async () => {
    // The rows of the test before: "frequentia" in 1,000 listings, 40 longer words. Some votes, so that
    // the floor and the candidates have an order to keep.
    await db.execute(sql`update listings set votes_count = id % 7 where name like 'Tool %' or name like 'Other %'`);
    const split: SearchLimits = { maxResults: 10_000, candidates: 20, expandFrequent: 1000 };
    const asTyped: SearchLimits = { ...split, expandFrequent: 1_000_000_000 };
    const inputs: SearchInput[] = [
      { q: 'daily frequentia', page: 1, per_page: 30 },
      { q: 'frequentia', page: 1, per_page: 30 },
      { q: 'frequentia', page: 2, per_page: 30, sort: 'votes' },
      { q: 'other frequentia', page: 1, per_page: 50 },
    ];
    for (const input of inputs) {
      const found = await searchListings(db, input, split);
      expect(found.rows.length, input.q).toBeGreaterThan(0);
      expect(found, input.q).toEqual(await searchListings(db, input, asTyped));
    }
    expect(await ranCte(db, inputs[0], 'matched', split)).toBe(true);
    // A votes floor reads the two parts too (the total of a word being typed is known here).
    const floored = { ...split, floorFactor: 0, walkFactor: 1e12 };
    expect(await ranCte(db, inputs[1], 'floored', floored)).toBe(true);
    expect(await ranCte(db, inputs[1], 'floor_words', floored)).toBe(true);
    expect(await searchListings(db, inputs[1], floored)).toEqual(await searchListings(db, inputs[1], asTyped));
  });
});
