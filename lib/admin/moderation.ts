// The site team's moderation of listings (docs/decisions.md#site-team): find any listing of this site,
// reject or archive it with a reason (the owner is emailed, the listing leaves every public list), and
// restore it, which undoes the latest moderation. Each moderation is a version in the listing's history
// (fields `status` and `status_reason`, face 'admin'), so the owner and the site team see who and when,
// and Restore knows the status to go back to.
import { and, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  listingReviewRequests,
  listings,
  orderLines,
  orders,
  listingVersions,
  users,
  LISTING_STATUS,
  LISTING_STATUSES,
  type FieldChange,
  type ListingPlan,
  type ListingStatus,
} from '@/db/schema';
import { listingTags, revalidatePublic, tags } from '@/lib/cache/tags';
import type { OpContext } from '@/lib/context';
import { AppError, fieldError, notFound } from '@/lib/errors/app-error';
import { mailLine } from '@/lib/mail/sanitize';
import { mailOwner } from './owner-email';
import { offsetOf, toPage, type Page } from '@/lib/pagination';
import type { Site } from '@/lib/site/site';
import { MODERATION_SOURCES, type PersonRef } from './edits';
import { assertAdmin, likeContains } from './guard';

export const REASON_MAX = 500;

export type AdminListingRow = {
  id: number;
  name: string;
  slug: string;
  url: string;
  status: ListingStatus;
  statusReason: string | null;
  plan: ListingPlan;
  launchWeek: string | null;
  owner: PersonRef | null;
  updatedAt: Date;
  /** The owner's open request for another look (lib/owner-listings/review-request.ts). */
  reviewRequest: { message: string; requestedAt: Date } | null;
};

/** `reviewRequested`: only listings whose owner asks for another look. */
export type ListingSearch = {
  q?: string;
  status?: ListingStatus;
  reviewRequested?: boolean;
  page: number;
  per_page: number;
};

function searchFilter(text: string | undefined): SQL | undefined {
  const q = text?.trim();
  if (!q) return undefined;
  const like = likeContains(q);
  return or(
    /^\d{1,9}$/.test(q) ? eq(listings.id, Number(q)) : undefined,
    ilike(listings.name, like),
    ilike(listings.slug, like),
    ilike(listings.url, like),
    ilike(users.email, like),
  );
}

/** Any listing of this site, any status: by id, name, slug, website or owner email; newest change first. */
export async function searchAdminListings(
  db: DbOrTx,
  site: Pick<Site, 'id'>,
  input: ListingSearch,
): Promise<Page<AdminListingRow>> {
  const where = and(
    eq(listings.siteId, site.id),
    searchFilter(input.q),
    input.status ? eq(listings.status, input.status) : undefined,
    input.reviewRequested ? isNotNull(listingReviewRequests.listingId) : undefined,
  );
  const rows = await db
    .select({
      id: listings.id,
      name: listings.name,
      slug: listings.slug,
      url: listings.url,
      status: listings.status,
      statusReason: listings.statusReason,
      plan: listings.plan,
      launchWeek: listings.launchWeek,
      updatedAt: listings.updatedAt,
      owner: { id: users.id, email: users.email, name: users.name },
      reviewRequest: { message: listingReviewRequests.message, requestedAt: listingReviewRequests.requestedAt },
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(listingReviewRequests, eq(listingReviewRequests.listingId, listings.id))
    .where(where)
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(input.per_page)
    .offset(offsetOf(input));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.ownerId))
      .leftJoin(listingReviewRequests, eq(listingReviewRequests.listingId, listings.id))
      .where(where);
    total = c?.n ?? 0;
  }
  return toPage(
    rows.map(({ total: _t, owner, reviewRequest, ...r }) => ({
      ...r,
      owner: owner?.id ? owner : null,
      reviewRequest: reviewRequest?.requestedAt ? reviewRequest : null,
    })),
    total,
    input,
  );
}

export const isListingStatus = (s: string | undefined): s is ListingStatus =>
  !!s && (LISTING_STATUSES as readonly string[]).includes(s);

type ModerationInput = { listingId: number; adminId: string; reason: string };
export type ModerationResult = {
  name: string;
  status: ListingStatus;
  previousStatus: ListingStatus;
  /** The owner's address the notice went to, or null when the listing has no owner account. */
  emailedTo: string | null;
  /** Reject and archive: the listing's paid orders (their deliveries no longer show; refund under Orders). */
  paidOrders?: string[];
};

const RESTORE_SOURCE = 'restore_listing' satisfies (typeof MODERATION_SOURCES)[number];

const VERBS = {
  rejected: { source: 'reject_listing', verb: 'rejected' },
  archived: { source: 'archive_listing', verb: 'archived' },
} as const;

/** Rejects the listing (it breaks the site's rules): status 'rejected', the reason kept and mailed to the owner. */
export const rejectListing = (ctx: ModerationCtx, input: ModerationInput) =>
  moderate(ctx, input, LISTING_STATUS.rejected);

/** Archives the listing (the product is gone, or the owner asked): status 'archived', with the reason. */
export const archiveListing = (ctx: ModerationCtx, input: ModerationInput) =>
  moderate(ctx, input, LISTING_STATUS.archived);

type ModerationCtx = Pick<OpContext, 'db' | 'now' | 'site' | 'baseUrl'>;

function checkReason(reason: string, field: 'reason' | 'answer' = 'reason'): string {
  const text = reason.trim();
  if (!text) throw fieldError(field, `Give ${field === 'reason' ? 'a reason' : 'an answer'}: the owner reads it.`);
  if (text.length > REASON_MAX)
    throw fieldError(field, `Keep the ${field} to ${REASON_MAX} characters (it has ${text.length}).`);
  return text;
}

async function lockListing(tx: DbOrTx, site: Pick<Site, 'id'>, listingId: number) {
  const [row] = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.siteId, site.id)))
    .for('update');
  if (!row) throw notFound('Listing');
  return row;
}

/**
 * Sets status and reason, and writes them as one version in the listing's history (reviewed at once).
 * The decision answers the owner's open request for another look, if any.
 */
async function recordStatus(
  tx: DbOrTx,
  ctx: ModerationCtx,
  listing: typeof listings.$inferSelect,
  next: { status: ListingStatus; reason: string | null; source: string; adminId: string },
) {
  const changes: FieldChange[] = [{ field: 'status', before: listing.status, after: next.status }];
  if ((listing.statusReason ?? null) !== next.reason)
    changes.push({ field: 'status_reason', before: listing.statusReason ?? null, after: next.reason });
  const [row] = await tx
    .update(listings)
    .set({
      status: next.status,
      statusReason: next.reason,
      version: sql`${listings.version} + 1`,
      updatedAt: ctx.now,
    })
    .where(eq(listings.id, listing.id))
    .returning({ version: listings.version });
  await tx.delete(listingReviewRequests).where(eq(listingReviewRequests.listingId, listing.id));
  await tx.insert(listingVersions).values({
    listingId: listing.id,
    version: row.version,
    changes,
    actorId: next.adminId,
    face: 'admin',
    source: next.source,
    reviewedAt: ctx.now,
    reviewedBy: next.adminId,
    createdAt: ctx.now,
  });
}

async function moderate(
  ctx: ModerationCtx,
  input: ModerationInput,
  status: typeof LISTING_STATUS.rejected | typeof LISTING_STATUS.archived,
): Promise<ModerationResult> {
  const reason = checkReason(input.reason);
  await assertAdmin(ctx.db, input.adminId);
  const { source, verb } = VERBS[status];
  const result = await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, ctx.site, input.listingId);
    if (listing.status === status) throw new AppError('conflict', `This listing is already ${verb}.`);
    await recordStatus(tx, ctx, listing, { status, reason, source, adminId: input.adminId });
    const to = await mailOwner(tx, listing, ctx.site.name, (name, site) => ({
      subject: `Your listing ${name} was ${verb}`,
      paragraphs: [
        `The ${site} site team ${verb} your listing ${name}.`,
        `Reason: ${mailLine(reason, REASON_MAX)}`,
        `It is no longer shown on the site: not in search, lists, feeds or at its own address. You can still see it, and this reason, in your account:\n${ctx.baseUrl}/account/listings/${listing.id}`,
        verb === 'rejected'
          ? `Fix what the reason says on that page, then press "Send to the site team" there to ask for another look: they can restore the listing.`
          : `If you think this is a mistake, ask the ${site} site team from that page ("Send to the site team"): they can restore the listing.`,
      ],
    }));
    return { listing, to };
  });
  revalidatePublic(...listingTags(result.listing), tags.updates);
  return {
    name: result.listing.name,
    status,
    previousStatus: result.listing.status,
    emailedTo: result.to,
    paidOrders: await paidOrdersFor(ctx.db, result.listing.id),
  };
}

/** Paid orders (not refunded) with a line for the listing: what the team may owe back once it is off the site. */
async function paidOrdersFor(db: DbOrTx, listingId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ number: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.listingId, listingId), eq(orders.status, 'paid')));
  return rows.map((r) => r.number).sort();
}

/**
 * Undoes the latest moderation of a rejected or archived listing (each restore undoes one reject or
 * archive, newest first): status and reason go back to what they were before it (recorded in its version). A listing whose moderation left no record goes back to
 * 'draft' (not public; the owner submits again). The owner is told.
 */
export async function restoreListing(
  ctx: ModerationCtx,
  input: { listingId: number; adminId: string },
): Promise<ModerationResult> {
  await assertAdmin(ctx.db, input.adminId);
  const result = await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, ctx.site, input.listingId);
    if (listing.status !== LISTING_STATUS.rejected && listing.status !== LISTING_STATUS.archived)
      throw new AppError('conflict', 'Only a rejected or archived listing can be restored.');
    // The moderation to undo: the newest reject/archive not already undone by a later restore.
    const history = await tx
      .select({ source: listingVersions.source, changes: listingVersions.changes })
      .from(listingVersions)
      .where(and(eq(listingVersions.listingId, listing.id), inArray(listingVersions.source, [...MODERATION_SOURCES])))
      .orderBy(desc(listingVersions.version));
    let undone = 0;
    const last = history.find((h) => {
      if (h.source === RESTORE_SOURCE) undone++;
      else if (undone > 0) undone--;
      else return true;
      return false;
    });
    const before = (field: string) => last?.changes.find((c) => c.field === field)?.before;
    const prev = before('status');
    const status: ListingStatus =
      typeof prev === 'string' && isListingStatus(prev) && prev !== listing.status ? prev : LISTING_STATUS.draft;
    const reasonBefore = last?.changes.some((c) => c.field === 'status_reason') ? before('status_reason') : undefined;
    const reason =
      status === LISTING_STATUS.rejected || status === LISTING_STATUS.archived
        ? typeof reasonBefore === 'string'
          ? reasonBefore
          : listing.statusReason
        : null;
    await recordStatus(tx, ctx, listing, { status, reason, source: RESTORE_SOURCE, adminId: input.adminId });
    const to = await mailOwner(tx, listing, ctx.site.name, (name, site) => ({
      subject: `Your listing ${name} was restored`,
      paragraphs: [
        `The ${site} site team restored your listing ${name}: its status is ${status.replace('_', ' ')} again.`,
        `See it in your account:\n${ctx.baseUrl}/account/listings/${listing.id}`,
      ],
    }));
    return { listing, status, to };
  });
  revalidatePublic(...listingTags(result.listing), tags.updates);
  return {
    name: result.listing.name,
    status: result.status,
    previousStatus: result.listing.status,
    emailedTo: result.to,
  };
}

/**
 * The site team looked again and keeps its decision: the owner's open request for another look is
 * answered by mail with the team's words and closed (it stayed open forever: only a new decision
 * closed it). The listing stays rejected or archived, its reason unchanged.
 */
export async function answerReviewRequest(
  ctx: ModerationCtx,
  input: { listingId: number; adminId: string; answer: string },
): Promise<ModerationResult> {
  const answer = checkReason(input.answer, 'answer');
  await assertAdmin(ctx.db, input.adminId);
  const result = await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, ctx.site, input.listingId);
    const closed = await tx
      .delete(listingReviewRequests)
      .where(eq(listingReviewRequests.listingId, listing.id))
      .returning({ listingId: listingReviewRequests.listingId });
    if (!closed.length) throw new AppError('conflict', `No request for another look of ${listing.name} is open.`);
    const status = listing.status.replace('_', ' ');
    const to = await mailOwner(tx, listing, ctx.site.name, (name, site) => ({
      subject: `The ${site} site team looked again at ${name}`,
      paragraphs: [
        `The ${site} site team looked at ${name} again, as you asked. It stays ${status}.`,
        `Their answer: ${mailLine(answer, REASON_MAX)}`,
        `You can ask again from your listing's page once you have changed what they say:\n${ctx.baseUrl}/account/listings/${listing.id}`,
      ],
    }));
    return { listing, to };
  });
  return {
    name: result.listing.name,
    status: result.listing.status as ListingStatus,
    previousStatus: result.listing.status as ListingStatus,
    emailedTo: result.to,
  };
}

/** How many listings of this site ask the site team for another look. */
export async function openReviewRequests(db: DbOrTx, site: Pick<Site, 'id'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listingReviewRequests)
    .innerJoin(listings, eq(listings.id, listingReviewRequests.listingId))
    .where(eq(listings.siteId, site.id));
  return row?.n ?? 0;
}
