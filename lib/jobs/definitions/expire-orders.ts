// Every 10 minutes: pending orders past their 24 h expire, releasing reserved weeks and promo holds
// (lib/orders/expiry.ts); paid orders whose delivery a crash interrupted are delivered.
import { getDb } from '@/db/client';
import { expireOrders } from '@/lib/orders/expiry';
import { deliverUndelivered } from '@/lib/orders/payment';
import type { ScheduledJobDefinition } from '../types';

export const expireOrdersJob: ScheduledJobDefinition = {
  id: 'expire-orders',
  name: 'Expire unpaid orders',
  cron: 'TZ=UTC */10 * * * *',
  retries: 3,
  run: async (step) =>
    step.run('expire-orders', async () => ({ expired: await expireOrders(await getDb(), new Date()) })),
};
