// choose_free_listing (docs/spec.md part 3): a submitted listing takes the free plan and a launch
// week; called again it changes nothing and answers the same. The badge check starts at once.
import type { AuthedContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { sendJob } from '@/lib/jobs/send';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { LISTING_PLAN, LISTING_STATUS } from '@/db/schema';
import { sendMail } from '@/lib/mail/send-mail';
import { openGateLines } from './gates';
import { queuedMail } from './mails';
import { QUEUED_STATUSES } from './queue';
import { freeConflict, scheduleLaunch } from './schedule';
import { freeLaunchView, type FreeLaunchView } from './view';

export async function chooseFreeListing(ctx: AuthedContext, listingId: number): Promise<FreeLaunchView> {
  const row = await loadOwnListing(ctx.db, ctx.principal.userId, listingId);
  // One database can serve several sites: another site's listing is launched on that site.
  if (row.siteId !== ctx.site.id)
    throw new AppError('conflict', 'The listing belongs to another site; launch it on that site.', {
      extra: { reason: 'other_site' },
    });
  if (row.plan === LISTING_PLAN.free && QUEUED_STATUSES.includes(row.status))
    return freeLaunchView(ctx.db, ctx.baseUrl, row);
  if (row.status !== LISTING_STATUS.draft || row.plan !== LISTING_PLAN.none) throw freeConflict(row);
  const queued = await scheduleLaunch(ctx.db, ctx, row, { kind: 'free' });
  if (queued.status === LISTING_STATUS.awaitingBadge && row.status === LISTING_STATUS.draft)
    await sendJob({ name: 'launches/badge-check', data: { listing_id: queued.id, reason: 'chosen' } });
  const view = await freeLaunchView(ctx.db, ctx.baseUrl, queued);
  // The week and what is left, in the owner's mailbox: weeks away, the page is not where they look.
  if (ctx.principal.email && view.launch.week)
    await sendMail(ctx.db, {
      to: ctx.principal.email,
      kind: 'launch',
      ...queuedMail(
        queued.name,
        view.launch.week,
        openGateLines(view.launch.gates),
        `${ctx.baseUrl}/account/listings/${queued.id}#launch`,
      ),
    });
  return view;
}
