// Drafts (docs/spec.md#drafts-submit-by-url): submit a website, watch the draft build, edit,
// invite co-founders, submit as a listing. Rules live in lib/drafts/.
import { z } from 'zod';
import { draftSchema, draftSummarySchema, inviteSchema, MAX_INVITES } from '@/lib/drafts/types';
import { updateDraftBody } from '@/lib/drafts/patch-schema';
import { getDraft, listDrafts } from '@/lib/drafts/queries';
import { submitUrl } from '@/lib/drafts/submit-url';
import { updateDraft } from '@/lib/drafts/update-draft';
import { inviteCofounder } from '@/lib/drafts/invites';
import { submitDraft } from '@/lib/drafts/submit-draft';
import { defineOperation } from './define';
import { paginated, paginationInput } from '@/lib/pagination';

const draftId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'Draft id (opaque string).', example: 'drf_5k2m9q7w3x8c4v6b1n0z' });

export const submitListingOp = defineOperation({
  name: 'submit_listing',
  problems: {
    409: '`conflict` with `reason`: `already_listed` (you list this website already; `listing_id` names it) or `listed_by_another_account`.',
  },
  method: 'POST',
  path: '/drafts',
  scope: 'listings:write',
  idempotent: true,
  hints: { openWorld: true },
  tag: 'Drafts',
  summary: 'Submit a product by its website URL',
  description:
    'Reads the public website (respecting robots.txt) and drafts a profile with quoted evidence for every value; nothing is published or charged. ' +
    'Returns the draft with status crawling; poll get_draft every few seconds until status is ready (or failed, with a reason). ' +
    'Submitting a URL you already have an unfinished draft for returns that draft.',
  input: z.strictObject({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .meta({ description: "The product's public website.", example: 'https://example.com' }),
  }),
  output: draftSchema,
  successStatus: 201,
  location: (d) => `/drafts/${d.id}`,
  handler: (ctx, input) => submitUrl(ctx, input.url),
  text: (d) => `Draft ${d.id} for ${d.url}: ${d.status}. Poll get_draft until ready.`,
});

export const listMyDraftsOp = defineOperation({
  name: 'list_my_drafts',
  method: 'GET',
  path: '/drafts',
  scope: 'account:read',
  idempotent: false,
  tag: 'Drafts',
  summary: 'List your drafts',
  description:
    'Your drafts, newest first, with status and completeness. A failed draft of a URL you submitted again since is left out (get_draft still answers for it).',
  input: z.strictObject({ ...paginationInput }),
  output: paginated(draftSummarySchema, 'DraftPage'),
  handler: (ctx, input) => listDrafts(ctx.db, ctx.principal.userId, input),
  text: (p) =>
    p.items.length
      ? p.items.map((d) => `${d.id} ${d.name ?? d.url}: ${d.status}, ${d.completeness}% complete`).join('\n')
      : 'No drafts yet.',
});

export const getDraftOp = defineOperation({
  name: 'get_draft',
  method: 'GET',
  path: '/drafts/{id}',
  scope: 'account:read',
  idempotent: false,
  tag: 'Drafts',
  summary: 'Get a draft',
  description:
    'The full draft: every profile field with value, state and evidence quotes, the sections, completeness and what is missing. A field the AI proposed but the site does not support is not_found, with the proposal and the reason in its refused entry.',
  input: z.strictObject({ id: draftId }),
  output: draftSchema,
  etag: 'version',
  handler: (ctx, input) => getDraft(ctx.db, ctx.principal.userId, input.id),
  text: (d) =>
    `Draft ${d.id} (${d.url}): ${d.status}, ${d.completeness}% complete${d.missing.length ? `; missing: ${d.missing.map((m) => m.field).join(', ')}` : ''}`,
});

export const updateDraftOp = defineOperation({
  name: 'update_draft',
  method: 'PATCH',
  path: '/drafts/{id}',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Drafts',
  summary: 'Edit a draft',
  description:
    'All body fields are optional. A typed value becomes yours (state edited over an AI value, manual over a blank); null removes it (deleted). ' +
    'Saved fields are kept through every AI redraft. regenerate redrafts fields from the stored website evidence (saved fields skipped unless also in restore); ' +
    "restore returns fields to the AI's original value. faqs, founders and milestones replace the whole list. If the draft was already submitted, the fields this call changes are applied to the listing too, as a version in its history (see update_my_listing). " +
    'Send the version you loaded (or If-Match with the ETag over REST) and a change made meanwhile is answered 409 version_conflict with the current draft instead of being overwritten.',
  input: z.strictObject({ id: draftId, ...updateDraftBody }),
  output: draftSchema,
  etag: 'version',
  handler: (ctx, input) => updateDraft(ctx, input),
  text: (d) => `Draft ${d.id} saved: ${d.completeness}% complete.`,
});

export const inviteCofounderOp = defineOperation({
  name: 'invite_cofounder',
  problems: { 409: '`draft_not_ready`: invites can be sent once the draft is ready.' },
  method: 'POST',
  path: '/drafts/{id}/invites',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Drafts',
  summary: 'Invite a co-founder',
  description: `Emails a co-founder a link to sign in and add their own founder profile to this product (at most ${MAX_INVITES} invites per draft).`,
  input: z.strictObject({
    id: draftId,
    email: z.email('Must be an email address.').max(254).meta({ description: "The co-founder's email address." }),
  }),
  output: inviteSchema.extend({
    draft_id: z.string(),
    invites_left: z
      .number()
      .int()
      .meta({ description: `Invites this draft can still send (of ${MAX_INVITES}).` }),
  }),
  successStatus: 201,
  handler: (ctx, input) => inviteCofounder(ctx, input.id, input.email),
  location: (i) => `/drafts/${i.draft_id}`, // the draft lists its invites
  text: (i) => `Invite sent to ${i.email}; ${i.invites_left} left.`,
});

export const submitDraftOp = defineOperation({
  name: 'submit_draft',
  problems: {
    409: '`draft_not_ready` (still being drafted, or failed); `conflict` with `reason` `already_listed` or `listed_by_another_account` (one listing per website); `version_conflict` when `listing_version` is stale.',
  },
  method: 'POST',
  path: '/drafts/{id}/submit',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Drafts',
  summary: 'Save the draft as a listing',
  description:
    'The first time, saves the draft as a listing with status draft (not public yet). From then on the listing is the record: running it again makes the listing say what the whole draft says, as one version in its history (only fields that differ change; milestone and founder ids stay), so it puts back fields edited on the listing since (update_my_listing, set_founder_story); changed_fields names them. Send listing_version (get_my_listing) to be refused with 409 version_conflict, changing nothing, when the listing was edited after you read it. To change single fields, use update_draft or update_my_listing.',
  input: z.strictObject({
    id: draftId,
    listing_version: z.number().int().min(0).max(2_147_483_647).optional().meta({
      description:
        "The listing's version you read (get_my_listing): when the listing was edited since, 409 version_conflict and nothing changes. Ignored on the first submit.",
    }),
  }),
  output: z
    .object({
      listing_id: z.number().int(),
      draft_id: z.string(),
      listing_status: z.string().meta({ description: 'The listing status (draft until you choose a plan).' }),
      created: z.boolean().meta({ description: 'True the first time; false when the same listing was updated.' }),
      changed_fields: z.array(z.string()).meta({
        description: 'The listing fields this submit changed (empty the first time, and when nothing differed).',
      }),
    })
    .meta({ id: 'DraftSubmitResult' }),
  handler: (ctx, input) => submitDraft(ctx, input.id, input.listing_version),
  text: (r) =>
    `Listing ${r.listing_id} ${r.created ? 'created' : 'updated'} (status ${r.listing_status}).` +
    (r.created ? '' : r.changed_fields.length ? ` Changed: ${r.changed_fields.join(', ')}.` : ' Nothing differed.'),
});

export const draftOperations = [
  submitListingOp,
  listMyDraftsOp,
  getDraftOp,
  updateDraftOp,
  inviteCofounderOp,
  submitDraftOp,
];
