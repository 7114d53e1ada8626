// Hourly housekeeping on Inngest (cron). Without Inngest the server process runs the same purge on
// a timer (lib/housekeeping/timer.ts).
import { getDb } from '@/db/client';
import { purgeExpired } from '@/lib/housekeeping/purge';
import { inngest } from '../client';

export const HOUSEKEEPING_ID = 'housekeeping';

export const housekeeping = inngest.createFunction(
  { id: HOUSEKEEPING_ID, name: 'Delete expired rows', triggers: [{ cron: 'TZ=UTC 17 * * * *' }] },
  async ({ step }) => step.run('purge-expired', async () => purgeExpired(await getDb())),
);
