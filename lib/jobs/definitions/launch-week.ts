// The week start (lib/launches/week-start.ts) runs hourly: at Monday 00:00 UTC it launches the week;
// the other runs find nothing to do, or catch up a week start the server missed, and send reminders.
import { getDb } from '@/db/client';
import { publicBaseUrl } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';
import type { ScheduledJobDefinition } from '../types';

export const launchWeekJob: ScheduledJobDefinition = {
  id: 'launch-week',
  name: 'Start launch weeks, move waiting launches, send reminders',
  cron: 'TZ=UTC 0 * * * *',
  retries: 3,
  run: async (step) => {
    const report = await step.run('week-start', async () => {
      // Imported when run: the launch code sends jobs, and sendJob's module reads this job list.
      const { runLaunchWeek } = await import('@/lib/launches/week-start');
      return runLaunchWeek(await getDb(), { now: siteNow(), baseUrl: publicBaseUrl() });
    });
    if (report.live.length || report.moved.length)
      console.log(
        `[launches] ${report.weeks.join(', ')}: ${report.live.length} live, ${report.moved.length} moved to a later week`,
      );
    return report;
  },
};
