// Hourly housekeeping: deletes rows that only mattered for a while (lib/housekeeping/purge.ts).
import { getDb } from '@/db/client';
import { purgeExpired } from '@/lib/housekeeping/purge';
import type { ScheduledJobDefinition } from '../types';

export const housekeepingJob: ScheduledJobDefinition = {
  id: 'housekeeping',
  name: 'Delete expired rows',
  cron: 'TZ=UTC 17 * * * *',
  retries: 3,
  run: async (step) => {
    const report = await step.run('purge-expired', async () => purgeExpired(await getDb()));
    const removed = Object.entries(report).filter(([, n]) => n > 0);
    if (removed.length) console.log(`[housekeeping] deleted ${removed.map(([what, n]) => `${n} ${what}`).join(', ')}`);
    return report;
  },
};
