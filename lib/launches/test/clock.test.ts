// The E2E test clock (lib/time/clock.ts): off unless TEST_CLOCK=1, refused by `npm start` on a site
// other machines can reach, and answering only a client on this machine.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { planStart } from '@/lib/boot/start-plan';
import { setTestClock, siteNow, testClockAnswers } from '@/lib/time/clock';
import { SOCKET_ADDRESS_HEADER } from '@/lib/client-ip';
import '@/scripts/socket-address.mjs';
import { isPastExpiry } from '@/lib/orders/expiry';
import { launchOffer } from '@/lib/orders/launch-offer';
import { useTestDatabase } from '@/test/support/db';
import { isoWeekOf } from '@/lib/time/iso-week';
import { POST as postClock } from '@/app/dev/clock/route';
import { localRunner, stopLocalRunner } from '@/lib/jobs/local-runner';

await useTestDatabase();

const loopback = new Headers({ [SOCKET_ADDRESS_HEADER]: '127.0.0.1' });
const remote = new Headers({ [SOCKET_ADDRESS_HEADER]: '203.0.113.9' });

afterAll(() => stopLocalRunner());
afterEach(() => {
  if (process.env.TEST_CLOCK === '1') setTestClock(null);
  delete process.env.TEST_CLOCK;
});

describe('test clock', () => {
  it('is the real time and cannot be moved unless TEST_CLOCK=1', () => {
    expect(() => setTestClock(new Date('2030-01-01T00:00:00Z'))).toThrow(/TEST_CLOCK/);
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000);
    expect(testClockAnswers(loopback, {})).toBe(false);
  });

  it('moves with TEST_CLOCK=1, for a client on this machine only', () => {
    process.env.TEST_CLOCK = '1';
    setTestClock(new Date('2030-01-07T00:00:00Z'));
    expect(Math.abs(siteNow().getTime() - Date.parse('2030-01-07T00:00:00Z'))).toBeLessThan(1000);
    expect(testClockAnswers(loopback, { TEST_CLOCK: '1' })).toBe(true);
    expect(testClockAnswers(remote, { TEST_CLOCK: '1' })).toBe(false);
    setTestClock(null);
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("moves what orders read too: the weeks offered for sale and an order's expiry", async () => {
    process.env.TEST_CLOCK = '1';
    const at = new Date('2030-01-07T12:00:00Z');
    setTestClock(at);
    const offer = await launchOffer();
    expect(offer?.weeks.every((w) => w.value > isoWeekOf(at))).toBe(true);
    expect(isPastExpiry({ status: 'pending', expiresAt: new Date('2030-01-06T00:00:00Z') })).toBe(true);
    expect(isPastExpiry({ status: 'pending', expiresAt: new Date('2030-01-08T00:00:00Z') })).toBe(false);
  });

  it("is moved only from this site: another site's page in a browser on this machine is refused", async () => {
    process.env.TEST_CLOCK = '1';
    const post = (extra: Record<string, string>) =>
      postClock(
        new Request('http://localhost:3205/dev/clock', {
          method: 'POST',
          headers: { [SOCKET_ADDRESS_HEADER]: '127.0.0.1', 'content-type': 'text/plain', ...extra },
          body: JSON.stringify({ at: '2031-05-05T00:00:00Z' }),
        }),
      );
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: 'http://localhost:4398' })).status).toBe(403);
    expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1000); // not moved
    expect((await post({})).status).toBe(200); // a script or test runner on this machine
    expect(siteNow().getUTCFullYear()).toBe(2031);
    // The week start it ran queued mail jobs: they finish before the database is closed.
    await localRunner()?.idle(20_000);
  });

  it('npm start refuses TEST_CLOCK=1 unless the site is local and listens on loopback', () => {
    expect(planStart({ TEST_CLOCK: '1', PORT: '3205' }).error).toBeUndefined();
    expect(planStart({ TEST_CLOCK: '1', APP_URL: 'https://directory.example' }).error).toMatch(/TEST_CLOCK/);
    expect(planStart({ TEST_CLOCK: '1', APP_URL: 'http://localhost:3205', HOST: '0.0.0.0' }).error).toMatch(
      /TEST_CLOCK/,
    );
    expect(planStart({ TEST_CLOCK: '1', PORT: '3205', TRUST_PROXY: '1' }).error).toMatch(/TEST_CLOCK/);
  });
});
