// The end-to-end tests' clock (lib/time/clock.ts): POST {"at": "<ISO time>"} (or {"at": null} for the
// real time) moves the site's clock and runs the week start as the hourly job would at that time, and
// the expiry of unpaid orders as the 10-minute job would.
// Only with TEST_CLOCK=1 (npm start refuses it on a site other machines reach) and for a client on
// this machine; everyone else gets a 404, as if the route did not exist.
import { z } from 'zod';
import { getDb } from '@/db/client';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { runLaunchWeek } from '@/lib/launches/week-start';
import { expireOrders } from '@/lib/orders/expiry';
import { sentByAnotherSite } from '@/lib/site/cross-site';
import { publicBaseUrl } from '@/lib/site/site';
import { setTestClock, siteNow, testClockAnswers } from '@/lib/time/clock';

export const dynamic = 'force-dynamic';

const body = z.strictObject({ at: z.iso.datetime({ offset: true }).nullable() });
const notFound = () => new Response('Not found', { status: 404 });

export async function GET(request: Request) {
  if (!testClockAnswers(request.headers)) return notFound();
  return Response.json({ now: siteNow().toISOString() });
}

export async function POST(request: Request) {
  if (!testClockAnswers(request.headers)) return notFound();
  // Sent by another site's page (a browser on this machine visiting it): refused, as the consent form does.
  const own = [new URL(publicBaseUrl(request.url)).origin, new URL(request.url).origin];
  if (sentByAnotherSite(request.headers, own)) return Response.json({ error: 'Only from this site.' }, { status: 403 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'Send {"at": "<ISO time>"} or {"at": null}.' }, { status: 422 });
  setTestClock(parsed.data.at ? new Date(parsed.data.at) : null);
  const now = siteNow();
  const db = await getDb();
  const report = await runLaunchWeek(db, { now, baseUrl: publicBaseUrl(request.url) });
  const expiredOrders = await expireOrders(db, now);
  // Pages kept for the time before ("this week" on the home page) are stale at the new time.
  revalidatePublic(tags.all);
  return Response.json({ now: now.toISOString(), report, expired_orders: expiredOrders });
}
