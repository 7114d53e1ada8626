import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';

const db = await useTestDatabase();
const app = await useApp();

describe('smoke', () => {
  it('lists by votes', async () => {
    const res = await fetch(`${app.url}/api/v1/listings?per_page=5`);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.items).toHaveLength(5);
    expect(body.total).toBe(60);
    expect(db.kind).toBeTruthy();
  });

  it('lists a text with no word in it (`""`) as no text, by votes', async () => {
    const all = await (await fetch(`${app.url}/api/v1/listings?per_page=5`)).json();
    const quotes = await (await fetch(`${app.url}/api/v1/listings?per_page=5&q=%22%22`)).json();
    expect(quotes.total).toBe(all.total);
    expect(quotes.items.map((i: { id: number }) => i.id)).toEqual(all.items.map((i: { id: number }) => i.id));
  });
});
