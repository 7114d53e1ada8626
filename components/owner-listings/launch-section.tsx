// The launch on the owner's listing page: "Launch for free", then the reserved week, the place in
// its queue, the two gates as a checklist with their fix-it links, and the badge (code with copy
// buttons, a live preview, "Check now").
import Link from 'next/link';
import { exactTime, relativeTime } from '@/components/relative-time';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cardClass } from '@/components/ui/card';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import type { BadgeKit, LaunchView } from '@/lib/launches/view';
import { launchPanelData } from '@/lib/launches/view';
import type { MyListing } from '@/lib/owner-listings/view';
import { publicBaseUrl } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { CopyField } from './badge-code';
import { CheckNowForm, ChooseFreeForm } from './launch-forms';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Not launched yet', tone: 'neutral' },
  awaiting_badge: { label: 'Waiting for the badge', tone: 'warning' }, // which gates: waitingFor
  scheduled: { label: 'Scheduled', tone: 'success' },
  live: { label: 'Live', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  archived: { label: 'Archived', tone: 'neutral' },
};

/** What a free launch waits for: the gates still open (the checklist below says how to close them). */
function waitingFor(gates: LaunchView['gates']): string {
  const open = [
    gates.badge.status !== 'verified' && 'the badge',
    gates.founder_profile.status !== 'complete' && 'the founder profile',
  ].filter(Boolean);
  return open.length ? `Waiting for ${open.join(' and ')}` : 'Waiting for the next check';
}

export async function LaunchSection({ listing }: { listing: MyListing }) {
  const data = await launchPanelData(listing.id, publicBaseUrl(), siteNow());
  if (!data) return null;
  const { launch, kit, settings } = data;
  // The rule in schedule.ts: the current ISO week plus the lead (4 weeks "from now" read as 28 days).
  const earliestFree = addWeeks(isoWeekOf(siteNow()), settings.freeLeadWeeks);
  const known = STATUS[launch.status] ?? { label: launch.status, tone: 'neutral' as const };
  const status = launch.status === 'awaiting_badge' ? { ...known, label: waitingFor(launch.gates) } : known;
  const closed = launch.status === 'rejected' || launch.status === 'archived';
  const choosing = launch.status === 'draft' && launch.plan === 'none';

  return (
    <section id="launch" aria-labelledby="launch-heading" className={`${cardClass} space-y-5 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="launch-heading" className="text-lg font-semibold tracking-tight text-stone-900">
          Launch
        </h2>
        <Badge tone={status.tone} data-testid="launch-status" data-status={launch.status}>
          {status.label}
        </Badge>
      </div>

      {closed && (
        <p className="text-sm text-stone-700">
          The site team {launch.status} this listing{listing.status_reason ? `: ${listing.status_reason}` : '.'}
        </p>
      )}

      {!closed && (
        // One place in the tree whether or not the button shows: the form's announcement survives the
        // refresh that replaces the button with the reserved week.
        <div className="space-y-3">
          {choosing && (
            <p className="text-sm text-stone-700">
              Launch for free: free launches start {settings.freeLeadWeeks} weeks ahead, and each week takes{' '}
              {settings.freeSlotsPerWeek}. We reserve the first week with a free slot, {formatWeekName(earliestFree)} (
              {formatWeekRange(earliestFree)}) or later. It goes live when that week starts, once the badge below is on
              your website and your founder profile is complete.
            </p>
          )}
          <ChooseFreeForm listingId={listing.id} showButton={choosing} />
          {choosing && (
            <p className="text-sm text-stone-600">
              Want it sooner?{' '}
              <Link href="/pricing" className="font-medium text-brand-700 underline underline-offset-2">
                See paid launches
              </Link>
              .
            </p>
          )}
        </div>
      )}

      {!closed && !choosing && launch.week && <LaunchFacts launch={launch} />}
      {launch.plan === 'free' && launch.status !== 'live' && !closed && <Checklist launch={launch} />}
      {!closed && launch.status !== 'live' && launch.plan !== 'paid' && <BadgeBlock kit={kit} listingId={listing.id} />}
      {launch.status === 'live' && <BadgeBlock kit={kit} listingId={listing.id} live />}
    </section>
  );
}

function LaunchFacts({ launch }: { launch: LaunchView }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-stone-600">Launch week</dt>
        <dd className="font-semibold text-stone-900" data-testid="launch-week">
          {formatWeekName(launch.week!)}
        </dd>
        <dd className="text-stone-600">{formatWeekRange(launch.week!)}</dd>
      </div>
      {launch.plan === 'free' && launch.queue_place !== null && (
        <div>
          <dt className="text-stone-600">Place in that week’s queue</dt>
          <dd className="font-semibold text-stone-900" data-testid="queue-place">
            {launch.queue_place} of {launch.week_capacity}
          </dd>
        </div>
      )}
      <div>
        <dt className="text-stone-600">Plan</dt>
        <dd className="font-semibold text-stone-900">{launch.plan === 'free' ? 'Free launch' : 'Paid launch'}</dd>
      </div>
    </dl>
  );
}

function Mark({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden
      className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-sm font-bold ${done ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
    >
      {done ? '✓' : '!'}
    </span>
  );
}

function Checklist({ launch }: { launch: LaunchView }) {
  const { badge, founder_profile: profile } = launch.gates;
  const badgeDone = badge.status === 'verified';
  const profileDone = profile.status === 'complete';
  return (
    <div>
      <h3 className="text-sm font-semibold text-stone-900">
        {badgeDone && profileDone ? 'Ready: both done' : 'Before your week starts'}
      </h3>
      <ul className="mt-2 space-y-3" aria-label="Launch checklist">
        <li className="flex gap-3" data-testid="gate-badge" data-done={badgeDone}>
          <Mark done={badgeDone} />
          <div className="text-sm">
            <p className="font-medium text-stone-900">
              Badge on your website <span className="sr-only">{badgeDone ? '(done)' : '(to do)'}</span>
            </p>
            <p className="text-stone-600">
              {badge.status === 'not_checked' ? 'Not checked yet.' : badge.detail}{' '}
              {badge.checked_at && (
                <span title={exactTime(new Date(badge.checked_at))}>
                  Checked {relativeTime(new Date(badge.checked_at))}.
                </span>
              )}
            </p>
            {!badgeDone && (
              <a href="#badge" className="font-medium text-brand-700 underline underline-offset-2">
                Get the badge code
              </a>
            )}
          </div>
        </li>
        <li className="flex gap-3" data-testid="gate-profile" data-done={profileDone}>
          <Mark done={profileDone} />
          <div className="text-sm">
            <p className="font-medium text-stone-900">
              Founder profile complete <span className="sr-only">{profileDone ? '(done)' : '(to do)'}</span>
            </p>
            {profileDone ? (
              <p className="text-stone-600">Name, role, bio and photo are all there.</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {profile.missing.map((m) => (
                  <li key={m.field}>
                    <a href={m.url} className="font-medium text-brand-700 underline underline-offset-2">
                      {m.reason}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      </ul>
    </div>
  );
}

function BadgeBlock({ kit, listingId, live = false }: { kit: BadgeKit; listingId: number; live?: boolean }) {
  const [light, dark] = kit.badges;
  return (
    <div id="badge" className="space-y-4 border-t border-stone-200 pt-5">
      <div>
        <h3 className="text-sm font-semibold text-stone-900">Your badge</h3>
        <p className="mt-1 text-sm text-stone-600">
          {live
            ? 'It links to your listing page and shows your votes.'
            : 'Put it on your home page (or a page your home page links to). It links to your listing page and shows your votes once you are live. We look for it when you press “Check now”, and daily.'}
        </p>
      </div>
      <BadgeTheme code={light} label="Light badge" idPrefix="badge-light" />
      <details className="rounded-lg border border-stone-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-stone-800">Dark badge</summary>
        <div className="mt-3">
          <BadgeTheme code={dark} label="Dark badge" idPrefix="badge-dark" />
        </div>
      </details>
      {!live && (
        <div className="space-y-2">
          <CheckNowForm listingId={listingId} />
          {kit.verification.checked_at && (
            <p className="text-xs text-stone-600" data-testid="badge-last-check">
              {/* What the check saw is in the launch checklist above (and in the answer to "Check now"). */}
              Last checked {relativeTime(new Date(kit.verification.checked_at))}.
            </p>
          )}
        </div>
      )}
      <p className="text-xs text-stone-600">
        The same code is available from the API and MCP (<code className="font-mono">get_badges</code>).{' '}
        <Link href={kit.page_url} className="text-brand-700 underline underline-offset-2">
          Your listing page
        </Link>
      </p>
    </div>
  );
}

function BadgeTheme({ code, label, idPrefix }: { code: BadgeKit['badges'][number]; label: string; idPrefix: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[260px_minmax(0,1fr)]">
      <div
        className={`grid place-items-center rounded-lg p-3 ${code.theme === 'dark' ? 'bg-stone-800' : 'bg-stone-50'}`}
      >
        {/* A live preview: the image your visitors will see, served by this site. */}
        <img src={code.image_url} alt={`${label} preview`} width={code.width} height={code.height} />
      </div>
      <div className="space-y-3">
        <CopyField id={`${idPrefix}-html`} label={`${label}: HTML`} value={code.html} rows={4} />
        <CopyField id={`${idPrefix}-markdown`} label={`${label}: Markdown`} value={code.markdown} />
      </div>
    </div>
  );
}
