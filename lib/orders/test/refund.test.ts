// A refund gives the whole amount back and mails the buyer; what was delivered stays, and featured
// places in weeks not started yet are taken back (they kept running after a full refund).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, featuredPlacements, users } from '@/db/schema';
import { createCheckout } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { refundOrder } from '@/lib/orders/refund';
import { loadOrderView } from '@/lib/orders/view';
import { weekStart } from '@/lib/time/iso-week';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, weekAhead } from './helpers';

const { db } = await useTestDatabase();

describe('refunding an order', () => {
  it('keeps the featured weeks that started, cancels those to come, and says so', async () => {
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const listing = await makeListing(db, user.id, { status: 'live', plan: 'free' });
    const [started, toCome] = [weekAhead(1), weekAhead(2)];
    const order = await createCheckout(ctx, {
      items: [{ product: 'featured_week', listing_id: listing.id, weeks: [started, toCome], categories: ['ai'] }],
      billing_country: 'US',
    });
    await startPayment(db, { number: order.number, method: 'card', now: new Date(), baseUrl: '', token: null });
    const placed = () => db.select().from(featuredPlacements).where(eq(featuredPlacements.listingId, listing.id));
    expect((await placed()).map((p) => p.week).sort()).toEqual([started, toCome]);

    const inFirstWeek = new Date(weekStart(started)!.getTime() + 60 * 60_000);
    await refundOrder(db, { number: order.number, actorId: null, now: inFirstWeek });
    expect((await placed()).map((p) => p.week)).toEqual([started]);

    const view = await loadOrderView(db, user.id, order.number);
    expect(view).toMatchObject({ status: 'refunded', refunded_cents: view.total_cents });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Refund for order ${order.number}`));
    const [buyer] = await db.select().from(users).where(eq(users.id, user.id));
    expect(mail.to).toBe(buyer.email!.toLowerCase());
    expect(mail.text).toContain('the 1 featured place in weeks not started yet is cancelled');
  });
});
