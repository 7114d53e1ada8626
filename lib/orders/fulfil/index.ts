// One fulfilment per product (docs/decisions.md#fulfilment). A product without one is not sold:
// the catalog lists only products whose key is here.
import type { FulfilmentResult } from '@/db/schema';
import { fulfilBillboardBid } from './billboard';
import { fulfilFeaturedWeek } from './featured-week';
import { fulfilLaunch } from './launch';
import type { FulfilContext } from './types';
import { fulfilUnlockMilestones } from './unlock-milestones';

export const fulfilments: Record<string, (ctx: FulfilContext) => Promise<FulfilmentResult>> = {
  launch: fulfilLaunch,
  unlock_milestones: fulfilUnlockMilestones,
  featured_week: fulfilFeaturedWeek,
  billboard: fulfilBillboardBid,
};
