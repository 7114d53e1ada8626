// Launches (docs/spec.md part 3 and 4, docs/decisions.md#launches): the free plan, the badge code,
// and a badge check on demand. Rules live in lib/launches/.
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { chooseFreeListing } from '@/lib/launches/choose-free';
import { badgeKit, badgeKitSchema, freeLaunchSchema } from '@/lib/launches/view';
import { limitBadgeChecks, runBadgeCheck } from '@/lib/launches/verify';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { defineOperation } from './define';

const listingId = rowIdText().meta({
  description: 'Your listing id (from submit_draft or list_my_listings).',
  example: 42,
});

export const chooseFreeListingOp = defineOperation({
  name: 'choose_free_listing',
  problems: {
    409: '`conflict` with `reason`: `already_live`, `rejected`, `archived`, `paid_plan` (a paid launch is bought) or `not_submitted`.',
  },
  method: 'POST',
  path: '/me/listings/{listing_id}/free',
  scope: 'listings:write',
  idempotent: true,
  hints: { repeatable: true },
  tag: 'Launches',
  summary: 'Choose the free launch',
  description:
    'Queues a submitted listing (status draft, no plan yet) for the first launch week at least FREE_LEAD_WEEKS ahead with a free slot. ' +
    'It waits in status awaiting_badge until the badge is on your site (see get_badges; checked now, daily, and on verify_badge) and the founder profile is complete, then becomes scheduled, and goes live when its week starts. ' +
    'The answer is the listing with `launch`: the week, its start date, your place in the queue, and both gates with the URL where each is fixed. ' +
    'Called again (also once the listing went live on the free plan) it changes nothing and answers the same; any other status or plan, or a listing of another site, is 409 with a `reason`.',
  input: z.strictObject({ listing_id: listingId }),
  output: freeLaunchSchema,
  handler: (ctx, input) => chooseFreeListing(ctx, input.listing_id),
  text: (l) =>
    `${l.name}: ${l.launch.status} for ${l.launch.week} (place ${l.launch.queue_place} of ${l.launch.week_capacity}). Badge ${l.launch.gates.badge.status}, founder profile ${l.launch.gates.founder_profile.status}.`,
});

export const getBadgesOp = defineOperation({
  name: 'get_badges',
  method: 'GET',
  path: '/me/listings/{listing_id}/badges',
  scope: 'account:read',
  idempotent: false,
  tag: 'Launches',
  summary: 'Get the badge code',
  description:
    'The badge in the forms owners paste (HTML and Markdown, light and dark), each linking to the public listing page, with the SVG image the site serves (it shows the vote count once live), and whether the badge was found on your site.',
  input: z.strictObject({ listing_id: listingId }),
  output: badgeKitSchema,
  handler: async (ctx, input) =>
    badgeKit(ctx.db, ctx.baseUrl, await loadOwnListing(ctx.db, ctx.principal.userId, input.listing_id)),
  text: (k) => `Badge for listing ${k.listing_id}: ${k.verification.status}.\n${k.badges[0].html}`,
});

export const verifyBadgeOp = defineOperation({
  name: 'verify_badge',
  problems: {
    429: 'At most 5 checks per listing in 10 minutes (by default) and 30 per account in an hour (it reads your website).',
  },
  method: 'POST',
  path: '/me/listings/{listing_id}/badges/verify',
  scope: 'listings:write',
  idempotent: false,
  hints: { openWorld: true },
  tag: 'Launches',
  summary: 'Check your site for the badge now',
  description:
    'Reads your website now (home page first, then a few pages it links to; robots.txt respected) for a link to the listing page or the badge image. ' +
    'Found, and with the founder profile complete, a listing awaiting its badge becomes scheduled. Limited to a few checks per listing every 10 minutes (429 with Retry-After).',
  input: z.strictObject({ listing_id: listingId }),
  output: badgeKitSchema,
  handler: async (ctx, input) => {
    const row = await loadOwnListing(ctx.db, ctx.principal.userId, input.listing_id);
    await limitBadgeChecks(ctx.db, ctx.principal.userId, row.id, ctx.now);
    const { row: after } = await runBadgeCheck(ctx.db, ctx, row.id);
    return badgeKit(ctx.db, ctx.baseUrl, after);
  },
  text: (k) =>
    `Badge ${k.verification.status}${k.verification.detail ? `: ${k.verification.detail}` : ''} Listing status: ${k.listing_status}.`,
});

export const launchOperations = [chooseFreeListingOp, getBadgesOp, verifyBadgeOp];
