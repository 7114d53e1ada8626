// What owners publish around a listing (docs/spec.md "Own listings"): updates to followers and
// milestones. Rules live in lib/listing-content/.
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { addMilestone, deleteMilestone } from '@/lib/listing-content/milestones';
import {
  milestoneBody,
  MAX_MILESTONES,
  UPDATE_BODY_MAX,
  UPDATE_TITLE_MAX,
  updateBody,
  updateTitle,
} from '@/lib/listing-content/schemas';
import { postListingUpdate, updatesPerListing } from '@/lib/listing-content/updates';
import { listingUpdateSchema, milestoneSchema } from '@/lib/owner-listings/view';
import { defineOperation } from './define';

const listingId = rowIdText().meta({ description: 'One of your listings (list_my_listings).', example: 42 });
const milestoneId = rowIdText().meta({ description: 'A milestone of that listing (get_my_listing).', example: 7 });

export const postListingUpdateOp = defineOperation({
  name: 'post_listing_update',
  problems: {
    409: '`conflict` with `reason` `listing_not_live`: updates are posted on live listings.',
    429: 'At most 10 updates per listing and 30 per account a day by default (each is mailed to followers).',
  },
  method: 'POST',
  path: '/me/listings/{listing_id}/updates',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Own listings',
  summary: 'Post an update to your listing',
  description:
    `Publishes a short update: a one-line title (at most ${UPDATE_TITLE_MAX} characters) and a plain-text body (at most ${UPDATE_BODY_MAX}). ` +
    'It shows at once on the listing page, the latest-updates page and its RSS feed, and every follower of the listing is emailed (in the background, once each; not you). ' +
    `Only a live listing can post (others: 409 conflict, with the status); at most ${updatesPerListing().limit} updates per listing per day (429 with Retry-After).`,
  input: z.strictObject({ listing_id: listingId, title: updateTitle, body: updateBody }),
  output: listingUpdateSchema
    .extend({
      listing_id: z.number().int(),
      url: z.string().meta({ description: 'Where the update is read publicly (the listing page).' }),
      followers: z.number().int().meta({ description: 'Followers being emailed about it (you are not).' }),
    })
    .meta({ id: 'PostedListingUpdate' }),
  successStatus: 201,
  handler: (ctx, input) => postListingUpdate(ctx, input),
  text: (u) =>
    `Update ${u.id} posted: ${u.url}. ${u.followers === 1 ? '1 follower is' : `${u.followers} followers are`} being emailed.`,
});

/** A milestone change is a version of the listing: the version to send with the next update_my_listing. */
const listingVersionAfter = z.number().int().meta({
  description:
    'The listing’s version after this change (each milestone change is one version of its history): send it with the next update_my_listing.',
});

export const addMilestoneOp = defineOperation({
  name: 'add_milestone',
  method: 'POST',
  path: '/me/listings/{listing_id}/milestones',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Own listings',
  summary: 'Add a milestone to your listing',
  description:
    `Adds one dated milestone (at most ${MAX_MILESTONES} per listing). ` +
    'Milestones show on the public listing page on paid listings, or when the milestones section is unlocked.',
  input: z.strictObject({ listing_id: listingId, ...milestoneBody }),
  output: milestoneSchema
    .extend({
      listing_id: z.number().int(),
      shown_on_listing: z.boolean().meta({
        description:
          'Whether the public page shows it now: the listing is live, and paid or has the milestones section unlocked (unlock_milestones).',
      }),
      listing_version: listingVersionAfter,
    })
    .meta({ id: 'AddedMilestone' }),
  successStatus: 201,
  handler: (ctx, input) => addMilestone(ctx, input),
  location: (m) => `/me/listings/${m.listing_id}/milestones/${m.id}`, // where delete_milestone takes it
  text: (m) =>
    `Milestone ${m.id} added: ${m.date} ${m.title}.${m.shown_on_listing ? ' It shows on the public page.' : ' It shows on the public page once the listing is live and paid, or its milestones section is unlocked.'}`,
});

export const deleteMilestoneOp = defineOperation({
  name: 'delete_milestone',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/milestones/{milestone_id}',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Own listings',
  summary: 'Delete a milestone',
  description: 'Removes one milestone from your listing (and from its public page).',
  input: z.strictObject({ listing_id: listingId, milestone_id: milestoneId }),
  output: z
    .object({
      deleted: z.literal(true),
      id: z.number().int().meta({ description: 'The milestone removed.' }),
      listing_version: listingVersionAfter,
    })
    .meta({ id: 'DeletedMilestone' }),
  handler: (ctx, input) => deleteMilestone(ctx, input),
  text: (r) => `Milestone ${r.id} deleted.`,
});

export const listingContentOperations = [postListingUpdateOp, addMilestoneOp, deleteMilestoneOp];
