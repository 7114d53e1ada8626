// A paid `billboard` line is a bid: it is recorded now and decided when its week starts
// (lib/orders/billboard.ts settleBillboards): the highest bid is shown on the home page that week,
// the others are refunded.
import type { FulfilmentResult } from '@/db/schema';
import { usd } from '../money';
import type { FulfilContext } from './types';

export async function fulfilBillboardBid(ctx: FulfilContext): Promise<FulfilmentResult> {
  const week = String(ctx.line.options.week ?? ctx.line.capacityWeek);
  return {
    summary: `Bid of ${usd(ctx.line.amountCents)} placed for ${week}; the highest bid wins when the week starts, the others are refunded.`,
    pending: true,
    week,
    bid_cents: ctx.line.amountCents,
  };
}
