// The site team's pages answer 404 to a signed-out visitor and to a member (a founder), in the layout
// and in each page, and show the admin an edit's before/after. Only the session lookup is replaced (it
// reads Auth.js cookies inside a Next request); the HTTP status is checked in e2e/admin.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { adminPages } from '@/components/admin/admin-pages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/lib/auth/session';
import {
  markReviewedAction,
  moderateListingAction,
  restoreListingAction,
  revertVersionAction,
} from '@/lib/actions/admin';
import { eq } from 'drizzle-orm';
import { promoCodes } from '@/db/schema';
import { idleState } from '@/lib/actions/state';
import { promoState } from '@/lib/orders/promo-state';
import { makeOwnedListing, ownerEdit, reload } from '@/lib/admin/test/helpers';
import { listEdits } from '@/lib/admin/edits';
import { getSite } from '@/lib/site/site';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const session = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => session.user }));
// Server actions outside a request: no cache to expire, no request headers to read.
vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => jar.set(name, value),
  }),
}));

const { default: AdminLayout } = await import('./layout');
const { default: AdminIndexPage } = await import('./page');
const { default: AdminEditsPage } = await import('./edits/page');
const { default: AdminListingsPage } = await import('./listings/page');

const { db } = await useTestDatabase();
const asUser = (u: { id: string; email: string | null }, role: CurrentUser['role']): CurrentUser => ({
  id: u.id,
  email: u.email,
  name: null,
  role,
  image: null,
});
const admin = asUser((await createAccount(db, { role: 'admin' })).user, 'admin');
const founder = await makeOwnedListing(db);
const member = asUser(founder.owner.user, 'member');

const NOT_FOUND = /NEXT_HTTP_ERROR_FALLBACK;404/;
const notFoundDigest = (p: Promise<unknown>) =>
  p.then(
    () => 'rendered',
    (e: { digest?: string }) => e.digest ?? String(e),
  );
const renders = {
  layout: () => AdminLayout({ children: null }),
  index: () => AdminIndexPage(),
  edits: () => AdminEditsPage({ searchParams: Promise.resolve({}) }),
  listings: () => AdminListingsPage({ searchParams: Promise.resolve({}) }),
};
const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
};

beforeEach(() => {
  session.user = null;
});

describe('the site team pages', () => {
  it('are all in the side navigation (four of them could only be reached by typing their address)', () => {
    const root = path.resolve(import.meta.dirname);
    const pages = fs
      .readdirSync(root)
      .filter((d) => fs.existsSync(path.join(root, d, 'page.tsx')))
      .map((d) => `/admin/${d}`);
    expect(adminPages.map((p) => p.href).sort()).toEqual(pages.sort());
  });

  for (const [who, user] of [
    ['a signed-out visitor', null],
    ['a founder (member)', member],
  ] as const)
    it(`answer 404 to ${who}: layout and every page`, async () => {
      session.user = user;
      for (const render of Object.values(renders)) expect(await notFoundDigest(render())).toMatch(NOT_FOUND);
    });

  it('render for an admin, and the edits page shows an edit as before/after with <del> and <ins>', async () => {
    session.user = admin;
    for (const render of Object.values(renders)) expect(await notFoundDigest(render())).toBe('rendered');
    await ownerEdit(db, founder.listing.id, founder.owner.user.id, { headline: 'Invoices for small teams' });
    const html = renderToStaticMarkup(
      await AdminEditsPage({ searchParams: Promise.resolve({ listing: String(founder.listing.id) }) }),
    );
    expect(html).toContain(founder.listing.name);
    expect(html).toContain(founder.owner.user.email!);
    expect(html).toMatch(/>Before<.*Invoices for .*<del[^>]*><span class="sr-only">\[removed: <\/span>freelancers/s);
    expect(html).toMatch(/>After<.*Invoices for .*<ins[^>]*><span class="sr-only">\[added: <\/span>small teams/s);
    expect(html).toContain('Revert version 1');
    expect(html).toContain('Mark reviewed');
  });
});

describe('the site team actions', () => {
  it('do nothing for a member or a visitor (404), even when called directly', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Changed by owner' });
    const [edit] = (await listEdits(db, await getSite(db), { listing: String(listing.id), page: 1, per_page: 5 }))
      .items;
    for (const user of [null, member]) {
      session.user = user;
      const calls = [
        () => markReviewedAction(idleState(), form({ id: String(edit.id) })),
        () => revertVersionAction(idleState(), form({ id: String(edit.id) })),
        () => moderateListingAction(idleState(), form({ id: String(listing.id), decision: 'reject', reason: 'No' })),
        () => restoreListingAction(idleState(), form({ id: String(listing.id) })),
      ];
      for (const call of calls) expect(await notFoundDigest(call())).toMatch(NOT_FOUND);
    }
    expect(await reload(db, listing.id)).toMatchObject({ headline: 'Changed by owner', status: 'live', version: 1 });
  });

  it('for an admin: mark reviewed, revert, reject (reason checked) and restore', async () => {
    session.user = admin;
    const { listing, owner } = await makeOwnedListing(db);
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Changed by owner' });
    const [edit] = (await listEdits(db, await getSite(db), { listing: String(listing.id), page: 1, per_page: 5 }))
      .items;

    expect(await markReviewedAction(idleState(), form({ id: String(edit.id) }))).toMatchObject({ status: 'ok' });
    expect(await revertVersionAction(idleState(), form({ id: String(edit.id) }))).toMatchObject({
      status: 'ok',
      message: 'Reverted Headline: the listing is at version 2.',
    });
    expect((await reload(db, listing.id)).headline).toBe('Invoices for freelancers');

    const refused = await moderateListingAction(
      idleState(),
      form({ id: String(listing.id), decision: 'reject', reason: ' ' }),
    );
    expect(refused).toMatchObject({ status: 'error', fieldErrors: { reason: expect.any(String) } });
    const tooLong = await moderateListingAction(
      idleState(),
      form({ id: String(listing.id), decision: 'reject', reason: 'x'.repeat(501) }),
    );
    expect(tooLong.fieldErrors?.reason).toMatch(/500/);
    const done = await moderateListingAction(
      idleState(),
      form({ id: String(listing.id), decision: 'reject', reason: 'Spam' }),
    );
    expect(done).toMatchObject({
      status: 'ok',
      message: `${listing.name} is rejected. Its owner (${owner.user.email}) was emailed.`,
    });
    expect(await restoreListingAction(idleState(), form({ id: String(listing.id) }))).toMatchObject({
      status: 'ok',
      message: `Restored ${listing.name}: it is live again.`,
    });
    // The listings page says it at its top too (the row may have left a filtered list).
    expect(
      renderToStaticMarkup(await AdminListingsPage({ searchParams: Promise.resolve({ status: 'rejected' }) })),
    ).toContain(`Restored ${listing.name}: it is live again.`);
  });
});

describe('promo codes made on the page', () => {
  it('include their last day (the code ended as that day began)', async () => {
    session.user = admin;
    const { createPromoAction } = await import('@/lib/actions/admin-orders');
    const code = `LASTDAY${Date.now().toString(36)}`;
    const today = new Date().toISOString().slice(0, 10);
    const made = await createPromoAction(idleState(), form({ code, kind: 'percent', value: '10', ends_at: today }));
    expect(made).toMatchObject({ status: 'ok' });
    const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(promo.endsAt!.toISOString()).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString());
    expect(promoState(promo, 0, new Date())).toBe('active');
  });
});
