// A paid launch the site team moves takes its week's paid-launch capacity with it: the old week is
// free to sell again and the new one counts it (the line kept holding the old week).
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products } from '@/db/schema';
import { moveLaunch } from '@/lib/launches/admin';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, weekAhead } from './helpers';

const { db } = await useTestDatabase();
const [launch] = await db.select().from(products).where(eq(products.key, 'launch'));
await db.update(products).set({ weekCapacity: 1 }).where(eq(products.id, launch.id));
afterAll(() => db.update(products).set({ weekCapacity: launch.weekCapacity }).where(eq(products.id, launch.id)));

async function buyer() {
  const { user } = await createAccount(db);
  const ctx = await contextFor(db, user);
  const listing = await makeListing(db, user.id, { status: 'awaiting_badge', plan: 'free', launchWeek: weekAhead(8) });
  const item = (week: string) => ({
    items: [{ product: 'launch', listing_id: listing.id, launch_week: week }],
    billing_country: 'US',
  });
  return { ctx, listing, item };
}

describe('moving a paid launch', () => {
  it('moves its week of paid-launch capacity with it', async () => {
    const [from, to] = [weekAhead(3), weekAhead(2)];
    const first = await buyer();
    const order = await createCheckout(first.ctx, first.item(from));
    await startPayment(db, {
      number: order.number,
      method: 'card',
      now: first.ctx.now,
      baseUrl: first.ctx.baseUrl,
      token: null,
    });

    const second = await buyer();
    await expect(quoteOrder(second.ctx, second.item(from))).rejects.toMatchObject({
      errors: [{ path: 'items.0.launch_week', message: expect.stringContaining('is full') }],
    });

    const admin = await createAccount(db);
    const moved = await moveLaunch(db, await contextFor(db, admin.user), first.listing.id, to, { paidConfirmed: true });
    expect(moved.overCapacity).toBeNull();
    // The week it left can be sold again; the week it moved to is full.
    expect(await quoteOrder(second.ctx, second.item(from))).toMatchObject({ total_cents: launch.priceCents });
    await expect(quoteOrder(second.ctx, second.item(to))).rejects.toMatchObject({
      errors: [{ path: 'items.0.launch_week', message: expect.stringContaining('is full') }],
    });
  });
});
