// Reads a free listing's site for the launch badge (lib/launches/verify.ts): when the free plan is
// chosen, and daily while it waits. One check per listing at a time.
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';
import { publicBaseUrl } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';
import type { JobDefinition } from '../types';

export const launchBadgeCheckJob: JobDefinition<'launches/badge-check'> = {
  id: 'launch-badge-check',
  name: 'Check the launch badge on the owner’s site',
  event: 'launches/badge-check',
  concurrency: { field: 'listing_id', limit: 1 },
  retries: 2,
  run: async ({ listing_id: id }, step) =>
    step.run('check-badge', async () => {
      const db = await getDb();
      const [row] = await db.select({ status: listings.status }).from(listings).where(eq(listings.id, id));
      // Only a listing still waiting for its badge is read (it may have moved on since the job was sent).
      if (row?.status !== LISTING_STATUS.awaitingBadge) return { listing_id: id, skipped: true };
      // Imported when run: the launch code sends jobs, and sendJob's module reads this job list.
      const { runBadgeCheck } = await import('@/lib/launches/verify');
      const { row: after, check } = await runBadgeCheck(db, { now: siteNow(), baseUrl: publicBaseUrl() }, id);
      return { listing_id: id, result: check.result, status: after.status };
    }),
};
