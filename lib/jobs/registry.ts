// Every job, once. Inngest's functions (inngest/functions) and the local runner are both made from
// these lists; a new job is added here and nowhere else.
import { buildDraftJob } from './definitions/build-draft';
import { housekeepingJob } from './definitions/housekeeping';
import { notifyFollowersJob } from './definitions/notify-followers';
import { expireOrdersJob } from './definitions/expire-orders';
import { launchBadgeCheckJob } from './definitions/launch-badge-check';
import { launchBadgeDailyJob } from './definitions/launch-badge-daily';
import { launchFollowersJob } from './definitions/launch-followers';
import { launchWeekJob } from './definitions/launch-week';
import type { AnyJobDefinition, ScheduledJobDefinition } from './types';

export const eventJobs: AnyJobDefinition[] = [
  buildDraftJob,
  notifyFollowersJob,
  launchBadgeCheckJob,
  launchFollowersJob,
];

export const scheduledJobs: ScheduledJobDefinition[] = [
  housekeepingJob,
  expireOrdersJob,
  launchWeekJob,
  launchBadgeDailyJob,
];
