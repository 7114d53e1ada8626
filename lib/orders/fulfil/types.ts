// What a product's fulfilment gets: the transaction, the line (locked), its order, the time.
import type { DbOrTx } from '@/db/client';
import type { orderLines, orders } from '@/db/schema';

export type FulfilContext = {
  db: DbOrTx;
  line: typeof orderLines.$inferSelect;
  order: typeof orders.$inferSelect;
  now: Date;
};
