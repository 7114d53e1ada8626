// Own listings (docs/spec.md#own-listings-sign-in): the caller's listings, one in full, and editing
// it. Rules live in lib/owner-listings/.
import { z } from 'zod';
import { getMyListing, listMyListings, myListingSummarySchema } from '@/lib/owner-listings/list';
import { listingIdInput, updateMyListingBody } from '@/lib/owner-listings/patch-schema';
import { listingEditResultSchema, updateMyListing } from '@/lib/owner-listings/update';
import { myListingSchema } from '@/lib/owner-listings/view';
import { paginated, paginationInput } from '@/lib/pagination';
import { defineOperation } from './define';

export const listMyListingsOp = defineOperation({
  name: 'list_my_listings',
  method: 'GET',
  path: '/me/listings',
  scope: 'account:read',
  idempotent: false,
  tag: 'Own listings',
  summary: 'List your listings',
  description:
    'Your listings of every status (draft, awaiting_badge, scheduled, live, rejected, archived), including those of drafts you co-own through an accepted invite, newest first, on every site.',
  input: z.strictObject({ ...paginationInput }),
  output: paginated(myListingSummarySchema, 'MyListingPage'),
  handler: (ctx, input) => listMyListings(ctx.db, ctx, ctx.principal.userId, input),
  text: (p) =>
    p.items.length
      ? p.items.map((l) => `#${l.id} ${l.name} (${l.site_key}): ${l.status}, plan ${l.plan}`).join('\n')
      : 'No listings yet: submit a draft first.',
});

export const getMyListingOp = defineOperation({
  name: 'get_my_listing',
  method: 'GET',
  path: '/me/listings/{listing_id}',
  scope: 'account:read',
  idempotent: false,
  tag: 'Own listings',
  summary: 'Get one of your listings',
  description:
    'Status, plan, launch week, unlocked paid sections and all public content (company facts, headline, summary, description, categories, logo, socials, FAQs, founders, milestones, story status, latest updates), ' +
    'the public page URL, the version to send with an edit, and other_sites: your listings of the same product on other sites (their keys work in apply_to).',
  input: z.strictObject({ listing_id: listingIdInput }),
  output: myListingSchema,
  etag: 'version',
  handler: (ctx, input) => getMyListing(ctx.db, ctx, ctx.principal.userId, input.listing_id),
  text: (l) => `#${l.id} ${l.name}: ${l.status}, plan ${l.plan}, version ${l.version}. ${l.page_url}`,
});

export const updateMyListingOp = defineOperation({
  name: 'update_my_listing',
  method: 'PATCH',
  path: '/me/listings/{listing_id}',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Own listings',
  summary: 'Edit one of your listings',
  description:
    'All body fields are optional; only those sent change, and the edit is public at once. socials and faqs replace the whole set. ' +
    'Each call that changes something becomes one version in the listing’s history (every field’s before and after, who, through which face, when), which the site team reviews. ' +
    'apply_to copies the company facts, socials and FAQs sent (never the headline, summary, description or categories, which belong to this site’s listing) to your listings of the same product on other sites. ' +
    'Send the version you loaded (or If-Match with the ETag over REST) and a change made meanwhile is answered 409 version_conflict with the current listing instead of being overwritten.',
  input: z.strictObject({ listing_id: listingIdInput, ...updateMyListingBody }),
  output: listingEditResultSchema,
  etag: 'version',
  handler: (ctx, input) => updateMyListing(ctx, input),
  text: (r) =>
    `Listing #${r.id} ${r.version_created ? `saved as version ${r.version_created}: ${r.changed_fields.join(', ')}` : 'unchanged: nothing sent differs'}.` +
    r.applied_to
      .map((a) => ` ${a.site_key}: ${a.changed_fields.length ? a.changed_fields.join(', ') : 'unchanged'}.`)
      .join(''),
});

export const myListingOperations = [listMyListingsOp, getMyListingOp, updateMyListingOp];
