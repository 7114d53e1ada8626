// The unsubscribe link of a follow: looking it up (the page's GET) changes nothing; the confirm
// (a POST: the page's button, or the mail provider's one-click POST) ends that one follow; a used or
// unknown link unfollows nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows } from '@/db/schema';
import { GET, POST } from '@/app/unsubscribe/[token]/one-click/route';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { findUnsubscribe, unsubscribe } from '../unsubscribe';
import { follow, ownListing } from './helpers';

const { db } = await useTestDatabase();

async function following() {
  const owner = await createAccount(db);
  const listing = await ownListing(db, owner.user.id, { name: 'Quillnote' });
  const [ana, ben] = [await createAccount(db), await createAccount(db)];
  const [anaToken, benToken] = await follow(db, listing.id, [ana.user.id, ben.user.id]);
  const isFollowing = async (userId: string) =>
    (
      await db
        .select()
        .from(follows)
        .where(and(eq(follows.listingId, listing.id), eq(follows.userId, userId)))
    ).length === 1;
  return { listing, ana, ben, anaToken, benToken, isFollowing };
}

const params = (token: string) => ({ params: Promise.resolve({ token }) });

describe('unsubscribe links', () => {
  it('a lookup names the listing and unfollows nothing; the confirm ends only that follow, once', async () => {
    const f = await following();
    expect(await findUnsubscribe(db, f.anaToken)).toEqual({
      listingId: f.listing.id,
      listingName: 'Quillnote',
      slug: f.listing.slug,
    });
    expect(await findUnsubscribe(db, f.anaToken)).not.toBeNull();
    expect(await f.isFollowing(f.ana.user.id)).toBe(true);

    expect(await unsubscribe(db, f.anaToken)).toMatchObject({ listingName: 'Quillnote' });
    expect(await f.isFollowing(f.ana.user.id)).toBe(false);
    expect(await f.isFollowing(f.ben.user.id)).toBe(true);
    expect(await unsubscribe(db, f.anaToken)).toBeNull();
    expect(await findUnsubscribe(db, f.anaToken)).toBeNull();
  });

  it('unknown, malformed and over-long tokens find nothing', async () => {
    for (const token of ['00000000-0000-0000-0000-000000000000', "x' or 1=1 --", '', 'a'.repeat(500)]) {
      expect(await findUnsubscribe(db, token)).toBeNull();
      expect(await unsubscribe(db, token)).toBeNull();
    }
  });

  it('one-click: a POST unfollows at once; a GET only sends the visitor to the confirm page', async () => {
    const f = await following();
    const url = `http://localhost/unsubscribe/${f.benToken}/one-click`;
    const get = await GET(new Request(url), params(f.benToken));
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/unsubscribe/${f.benToken}`);
    expect(await f.isFollowing(f.ben.user.id)).toBe(true);

    const post = await POST(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      params(f.benToken),
    );
    expect(post.status).toBe(200);
    expect(await post.text()).toContain('Quillnote');
    expect(await f.isFollowing(f.ben.user.id)).toBe(false);
    expect(await f.isFollowing(f.ana.user.id)).toBe(true);
    const again = await POST(new Request(url, { method: 'POST' }), params(f.benToken));
    expect(await again.text()).toContain('already used');
  });
});
