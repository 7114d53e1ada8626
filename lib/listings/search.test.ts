import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const app = await useApp();
const [site] = await db.select().from(sites);

async function addListing(name: string, extra: Partial<typeof listings.$inferInsert> = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name, url: `https://${slug}.example.com`, headline: '', status: 'live', ...extra })
    .returning();
  return row;
}

const search = async (query: string) => {
  const res = await fetch(`${app.url}/api/v1/listings?${query}`);
  expect(res.status).toBe(200);
  return res.json();
};

describe('search_listings', () => {
  it('ranks the exact name first, above listings that only mention it', async () => {
    await addListing('Zephyr Notes Pro', { headline: 'Better than zephyrflow', votesCount: 500 });
    await addListing('Zephyrflow Tools', { headline: 'Works with zephyrflow', votesCount: 300 });
    const exact = await addListing('Zephyrflow', { headline: 'Workflow automation', votesCount: 1 });
    const body = await search('q=zephyrflow');
    expect(body.items[0].id).toBe(exact.id);
    expect(body.items[0]).toMatchObject({ name: 'Zephyrflow', slug: exact.slug, url: exact.url, votes: 1 });
  });

  it('finds a name despite a typo', async () => {
    const target = await addListing('Quillbotanic', { headline: 'Plant care reminders' });
    const body = await search('q=quilbotanic');
    expect(body.items.map((i: { id: number }) => i.id)).toContain(target.id);
    const swapped = await search('q=Quillbotnaic');
    expect(swapped.items.map((i: { id: number }) => i.id)).toContain(target.id);
  });

  it('searches headline and description words too (full text, stemmed)', async () => {
    const target = await addListing('Obscurely Named', { headline: 'Tracks greenhouse humidity sensors', description: 'Alerts for growers' });
    const body = await search('q=humidity+sensor');
    expect(body.items[0].id).toBe(target.id);
  });

  it('reports pagination totals that add up', async () => {
    for (let i = 0; i < 7; i++) await addListing(`Paginata Item ${i}`, { headline: 'paginata test rows' });
    const p1 = await search('q=paginata&per_page=3&page=1');
    const p3 = await search('q=paginata&per_page=3&page=3');
    const p4 = await search('q=paginata&per_page=3&page=4');
    expect(p1).toMatchObject({ total: 7, page: 1, per_page: 3, has_more: true });
    expect(p1.items).toHaveLength(3);
    expect(p3).toMatchObject({ total: 7, has_more: false });
    expect(p3.items).toHaveLength(1);
    expect(p4).toMatchObject({ total: 7, items: [], has_more: false });
    const all = [...p1.items, ...(await search('q=paginata&per_page=3&page=2')).items, ...p3.items].map((i: { id: number }) => i.id);
    expect(new Set(all).size).toBe(7);
  });

  it('lists by votes when q is empty', async () => {
    const body = await search('per_page=100');
    const votes = body.items.map((i: { votes: number }) => i.votes);
    expect(votes.length).toBeGreaterThan(10);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(body.total).toBeGreaterThanOrEqual(60);
  });

  it('never shows listings that are not live', async () => {
    const hidden = await addListing('Vorpalwidget', { status: 'draft' });
    const scheduled = await addListing('Vorpalgadget', { status: 'scheduled', launchWeek: '2099-W01' });
    expect((await search('q=vorpalwidget')).total).toBe(0);
    expect((await search('q=vorpalgadget')).total).toBe(0);
    const all = await search('per_page=100&sort=newest');
    const ids = all.items.map((i: { id: number }) => i.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(scheduled.id);
  });

  it('filters by category slug and sorts by name', async () => {
    const body = await search('category=finance&sort=name&per_page=100');
    expect(body.total).toBeGreaterThan(0);
    for (const item of body.items) expect(item.categories).toContain('Finance');
    const names = body.items.map((i: { name: string }) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('treats search syntax as text, not as SQL', async () => {
    const body = await search(`q=${encodeURIComponent("'); drop table listings; --")}`);
    expect(Array.isArray(body.items)).toBe(true);
    expect((await search('per_page=1')).total).toBeGreaterThan(0);
  });
});
