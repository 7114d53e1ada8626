// Daily, every free listing still waiting for its badge gets a badge check (one job each).
import { getDb } from '@/db/client';
import { listingsAwaitingBadge } from '@/lib/launches/badge-recheck';
import type { ScheduledJobDefinition } from '../types';

export const launchBadgeDailyJob: ScheduledJobDefinition = {
  id: 'launch-badge-daily',
  name: 'Check waiting launches for their badge',
  cron: 'TZ=UTC 30 5 * * *',
  retries: 3,
  run: async (step) => {
    const ids = await step.run('find-waiting', async () => listingsAwaitingBadge(await getDb()));
    await step.run('send-checks', async () => {
      // Imported when run: sendJob's module reads this job list.
      const { sendJob } = await import('../send');
      for (const id of ids) await sendJob({ name: 'launches/badge-check', data: { listing_id: id, reason: 'daily' } });
      return ids.length;
    });
    return { checks: ids.length };
  },
};
