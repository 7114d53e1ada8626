// Runs once when a server process starts: migrate, seed an empty database, link the page cache to
// the other app servers', answer cached pages before Next, start local workers (jobs and the hourly
// housekeeping) when Inngest is not configured.
import { getDbHandle } from '@/db/client';
import { linkProcessToPeers } from '@/lib/cache/peers';
import { isSeeded, seedDatabase } from '@/db/seed/seed';
import { installPageFrontDoor } from '@/lib/site/page-front-door';
import { assertRequiredConfig } from '@/lib/site/required-config';

export async function boot() {
  assertRequiredConfig();
  const { db, kind } = await getDbHandle();
  // Other app servers on the same database hear this one's cache expiries, and it hears theirs.
  if (kind === 'postgres' && process.env.DATABASE_URL) linkProcessToPeers(process.env.DATABASE_URL, db);
  installPageFrontDoor(); // cached public pages answered before Next (scripts/page-front-door.mjs)
  if (!(await isSeeded(db)) || process.env.DEMO_API_KEY) {
    await seedDatabase(db, { demoApiKey: process.env.DEMO_API_KEY, log: (m) => console.log(`[seed] ${m}`) });
  }
  // Local durable jobs (no Inngest configured): resume drafts left unfinished by a restart, and
  // queue the scheduled jobs (the hourly housekeeping) on their cron.
  const { startLocalJobs } = await import('@/lib/jobs/local-runner');
  startLocalJobs();
}
