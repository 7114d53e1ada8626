// Every 10 minutes: pending orders past their 24 h expire, releasing reserved weeks and promo holds
// (lib/orders/expiry.ts); paid orders whose delivery a crash interrupted are delivered; the billboard
// of a week that started gets its winner fixed and the other bids refunded (lib/orders/billboard.ts).
import { getDb } from '@/db/client';
import { expireOrders } from '@/lib/orders/expiry';
import { deliverUndelivered } from '@/lib/orders/payment';
import { settleBillboards } from '@/lib/orders/billboard';
import type { ScheduledJobDefinition } from '../types';

export const expireOrdersJob: ScheduledJobDefinition = {
  id: 'expire-orders',
  name: 'Expire unpaid orders, finish deliveries, settle billboards',
  cron: 'TZ=UTC */10 * * * *',
  retries: 3,
  run: async (step) => {
    const expired = await step.run('expire-orders', async () => expireOrders(await getDb(), new Date()));
    const delivered = await step.run('deliver-paid', async () => deliverUndelivered(await getDb(), new Date()));
    const billboards = await step.run('settle-billboards', async () => settleBillboards(await getDb(), new Date()));
    return { expired, delivered, billboards };
  },
};
