// The progress endpoint answers problem+json for its errors, like every other error of the site.
// Only the session lookup is replaced (it reads Auth.js cookies inside a Next request).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drafts } from '@/db/schema';
import type { CurrentUser } from '@/lib/auth/session';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const session = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => session.user }));
const { GET } = await import('./route');

const { db } = await useTestDatabase();
const get = (id: string) =>
  GET(new Request(`http://localhost/drafts/${id}/status`), { params: Promise.resolve({ id }) });
const asUser = (id: string): CurrentUser => ({ id, email: null, name: null, role: 'member', image: null });

beforeEach(() => {
  session.user = null;
});

describe('GET /drafts/{id}/status', () => {
  it('answers 401 problem+json without a session', async () => {
    const res = await get('drf_x');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      status: 401,
      code: 'unauthorized',
      title: expect.any(String),
      detail: expect.any(String),
    });
  });

  it("answers 404 problem+json for a draft that is not the caller's", async () => {
    const owner = (await createAccount(db)).user.id;
    const id = newDraftId();
    await db
      .insert(drafts)
      .values({ id, ownerId: owner, url: 'https://example.org/', status: 'crawling', fields: emptyFields() });
    session.user = asUser((await createAccount(db)).user.id);
    const res = await get(id);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404, code: 'not_found' });

    session.user = asUser(owner);
    const mine = await get(id);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ status: 'crawling' });
  });
});
