// The site's clock for what depends on the date (the week start job, "this week" on the home page,
// upcoming launches, and each operation's `now`: orders, checkout, the weeks offered for sale). It is
// the real time. Only an end-to-end test run may move it forward: with
// TEST_CLOCK=1, which `npm start` refuses on a site other machines can reach (lib/boot/start-plan.ts),
// and then only a client on this machine (the dev mailbox's rule) may set it, at POST /dev/clock.
import { clientIp } from '@/lib/client-ip';
import { isLoopbackAddress } from '@/lib/net/loopback';

const g = globalThis as unknown as { __testClockOffsetMs?: number };

export function testClockEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.TEST_CLOCK === '1';
}

/** Now, on the site's clock. */
export function siteNow(): Date {
  const offset = testClockEnabled() ? (g.__testClockOffsetMs ?? 0) : 0;
  return new Date(Date.now() + offset);
}

/** Moves the test clock to `at` (null: back to the real time). Throws unless TEST_CLOCK=1. */
export function setTestClock(at: Date | null): void {
  if (!testClockEnabled()) throw new Error('The test clock is off (TEST_CLOCK is not 1).');
  g.__testClockOffsetMs = at ? at.getTime() - Date.now() : 0;
}

/** Whether this request may set the test clock: TEST_CLOCK=1 and a client on this machine. */
export function testClockAnswers(headers: Headers, env: Record<string, string | undefined> = process.env): boolean {
  if (!testClockEnabled(env)) return false;
  const ip = clientIp(headers, env);
  if (ip !== null) return isLoopbackAddress(ip);
  return isLoopbackAddress(env.HOST);
}
