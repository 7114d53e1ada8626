// Who may open and pay a checkout page: whoever holds the link's token, or the signed-in buyer;
// anyone else (another account, a wrong or missing token, a made-up number) gets nothing.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '@/db/schema';
import { lastPaidBilling, updateBilling } from '@/lib/orders/billing';
import { createCheckout } from '@/lib/orders/checkout';
import { loadCheckout } from '@/lib/orders/checkout-access';
import { newOrderNumber, ORDER_NUMBER_PATTERN, tokenMatches, hashToken } from '@/lib/orders/numbers';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing } from './helpers';

const { db } = await useTestDatabase();

describe('checkout access', () => {
  it('opens with the token or for the buyer, and for nobody else', async () => {
    const { user } = await createAccount(db);
    const { user: other } = await createAccount(db);
    const listing = await makeListing(db, user.id);
    const order = await createCheckout(await contextFor(db, user), {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
    });
    const token = new URL(order.checkout_url).searchParams.get('t')!;
    expect(await loadCheckout(db, order.number, token, null)).toMatchObject({ byOwner: false });
    expect(await loadCheckout(db, order.number, token, other.id)).toMatchObject({ byOwner: false });
    expect(await loadCheckout(db, order.number, null, user.id)).toMatchObject({ byOwner: true });
    expect(await loadCheckout(db, order.number, null, other.id)).toBeNull();
    expect(await loadCheckout(db, order.number, `${token}x`, null)).toBeNull();
    expect(await loadCheckout(db, order.number, '', null)).toBeNull();
    expect(await loadCheckout(db, newOrderNumber(), token, user.id)).toBeNull();
    expect(await loadCheckout(db, 'PD-../../x', token, user.id)).toBeNull();
  });

  it("offers the buyer their last paid order's billing details, and nobody else's", async () => {
    const { user } = await createAccount(db);
    const { user: other } = await createAccount(db);
    const order = async (who: typeof user) => {
      const listing = await makeListing(db, who.id); // one listing each: a section is bought once
      return createCheckout(await contextFor(db, who), {
        items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      });
    };
    const now = new Date();
    const paid = async (number: string, country: string, name: string, at: Date) => {
      await updateBilling(db, number, { country, vatNumber: '', name, address: 'Line 1\nLine 2' }, now);
      await db.update(orders).set({ status: 'paid', paidAt: at }).where(eq(orders.number, number));
    };
    const first = await order(user);
    await paid(first.number, 'DE', 'Acme GmbH', new Date(now.getTime() - 60_000));
    const second = await order(user);
    await paid(second.number, 'FR', 'Acme SARL', now);
    const pending = await order(user); // billed, not paid: not offered
    await updateBilling(db, pending.number, { country: 'JP', vatNumber: '', name: 'Pending KK', address: '' }, now);
    const next = await order(user);
    const [{ id: nextId }] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, next.number));
    expect(await lastPaidBilling(db, user.id, nextId)).toEqual({
      country: 'FR',
      vatNumber: '',
      name: 'Acme SARL',
      address: 'Line 1\nLine 2',
    });
    expect(await lastPaidBilling(db, other.id, nextId)).toBeNull();
  });

  it('makes human-friendly unguessable numbers and compares tokens by hash', () => {
    const numbers = new Set(Array.from({ length: 2000 }, newOrderNumber));
    expect(numbers.size).toBe(2000);
    for (const n of numbers) expect(n).toMatch(ORDER_NUMBER_PATTERN);
    expect(tokenMatches('abc', hashToken('abc'))).toBe(true);
    expect(tokenMatches('abd', hashToken('abc'))).toBe(false);
    expect(tokenMatches(null, hashToken(''))).toBe(false);
  });
});
