// Housekeeping in the server process when Inngest is not configured: a minute after start, then hourly.
import { getDb } from '@/db/client';
import { inngestConfigured } from '@/inngest/client';
import { purgeExpired } from './purge';

const g = globalThis as unknown as { __housekeeping?: NodeJS.Timeout };
const EVERY_MS = 3_600_000;

export function startHousekeeping(firstRunMs = 60_000): void {
  if (inngestConfigured() || g.__housekeeping) return;
  const run = async () => {
    try {
      const report = await purgeExpired(await getDb());
      const removed = Object.entries(report).filter(([, n]) => n > 0);
      if (removed.length) console.log(`[housekeeping] deleted ${removed.map(([what, n]) => `${n} ${what}`).join(', ')}`);
    } catch (err) {
      console.error('[housekeeping] failed:', err);
    }
  };
  g.__housekeeping = setTimeout(function tick() {
    void run();
    g.__housekeeping = setTimeout(tick, EVERY_MS).unref();
  }, firstRunMs).unref();
}
