// The site team's launch queue: each coming week with its free capacity and fill, the launches in
// it (move one to another week), and the free queue's settings. Everyone else gets the 404 page.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { FlashNotice } from '@/components/ui/flash-notice';
import { LAUNCHES_NOTICE_COOKIE } from '@/lib/admin/page-notices';
import { Badge } from '@/components/ui/badge';
import { Card, cardClass } from '@/components/ui/card';
import { LaunchSettingsForm, MoveLaunchForm } from '@/components/launches/admin-launch-forms';
import { getDb } from '@/db/client';
import { requireAdmin } from '@/lib/auth/admin';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { launchWeeks } from '@/lib/launches/admin';
import { envLaunchSettings, getLaunchSettings } from '@/lib/launches/settings';
import { getSite } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';

export const metadata: Metadata = { title: 'Launch queue', robots: { index: false } };
export const dynamic = 'force-dynamic';

const STATUS_TONE = { awaiting_badge: 'warning', scheduled: 'success', live: 'info' } as const;

export default async function AdminLaunchesPage() {
  await requireAdmin();
  const db = await getDb();
  const site = await getSite(db);
  const now = siteNow();
  const [weeks, settings] = await Promise.all([launchWeeks(db, site.id, now, 12), getLaunchSettings(db, site.id)]);
  const notice = (await cookies()).get(LAUNCHES_NOTICE_COOKIE)?.value.slice(0, 400);
  const env = envLaunchSettings();
  const current = isoWeekOf(now);
  const targets = Array.from({ length: 26 }, (_, i) => addWeeks(current, i + 1)).map((w) => ({
    value: w,
    label: `${formatWeekName(w)} (${formatWeekRange(w)})`,
  }));

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Launch queue</h1>
        <p className="text-sm text-stone-600">
          Free launches fill each week up to its capacity, in the order they were chosen. Scheduled ones go live when
          their week starts; those still waiting for the badge or the founder profile move to the next week with a free
          slot.
        </p>
      </div>

      {notice && <FlashNotice message={notice} cookieName={LAUNCHES_NOTICE_COOKIE} />}

      <Card title="Free queue settings">
        <LaunchSettingsForm slots={settings.freeSlotsPerWeek} lead={settings.freeLeadWeeks} />
        <p className="mt-3 text-xs text-stone-600">
          {settings.stored.length
            ? `Saved here; the environment default is ${env.freeSlotsPerWeek} slots, ${env.freeLeadWeeks} lead weeks.`
            : 'These are the environment defaults (FREE_SLOTS_PER_WEEK, FREE_LEAD_WEEKS) until you save.'}
        </p>
      </Card>

      {weeks.map((w) => {
        const over = w.freeFilled > w.capacity;
        return (
          <section key={w.week} aria-labelledby={`q-${w.week}`} className={`${cardClass} p-4 sm:p-5`}>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id={`q-${w.week}`} className="text-lg font-semibold tracking-tight text-stone-900">
                {formatWeekName(w.week)}{' '}
                <span className="text-sm font-normal text-stone-600">
                  {formatWeekRange(w.week)}
                  {w.week === current ? ' · this week' : ''}
                </span>
              </h2>
              <p className={`text-sm ${over ? 'font-semibold text-red-700' : 'text-stone-700'}`} data-testid="fill">
                {w.freeFilled} of {w.capacity} free slots taken{over ? ' (over capacity)' : ''}
              </p>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-stone-100"
              role="img"
              aria-label={`${w.freeFilled} of ${w.capacity} free slots taken`}
            >
              <div
                className={`h-full ${over ? 'bg-red-600' : 'bg-brand-600'}`}
                style={{ width: `${Math.min(100, Math.round((w.freeFilled / Math.max(1, w.capacity)) * 100))}%` }}
              />
            </div>
            {w.listings.length === 0 ? (
              <p className="mt-3 text-sm text-stone-600">No launches this week yet.</p>
            ) : (
              // On a phone the table scrolls inside its card (the move menu needs its width), not the page.
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Launches in {formatWeekName(w.week)}</caption>
                  <thead className="text-xs text-stone-600 uppercase">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Listing
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Plan
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Status
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Move to
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {w.listings.map((l) => (
                      <tr key={l.id} className="align-top">
                        <td className="py-2 pr-3 font-medium text-stone-900">
                          {l.name} <span className="text-xs font-normal text-stone-600">#{l.id}</span>
                        </td>
                        <td className="py-2 pr-3">{l.plan}</td>
                        <td className="py-2 pr-3">
                          <Badge tone={STATUS_TONE[l.status as keyof typeof STATUS_TONE] ?? 'neutral'}>
                            {l.status}
                          </Badge>
                        </td>
                        <td className="py-2">
                          {l.status === 'live' ? (
                            <span className="text-stone-600">Launched</span>
                          ) : (
                            <MoveLaunchForm
                              listingId={l.id}
                              name={l.name}
                              week={w.week}
                              weeks={targets}
                              paid={l.plan === 'paid'}
                            />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
