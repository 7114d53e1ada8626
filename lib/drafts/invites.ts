// Co-founder invites: at most 10 per draft; the email links to /invites/{token}, where the
// co-founder signs in and adds their own founder profile (acceptInvite). Only ready or submitted
// drafts invite, within limits per account and per recipient a day; every user-given string in
// the mail goes through mailLine (no line breaks or control characters: docs/security.md).
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftInvites, drafts, founderProfiles, listings, users } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { applyListingEdit } from '@/lib/owner-listings/edit';
import { LISTING_FIELDS, type ListingFounder } from '@/lib/owner-listings/listing-fields';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { mailLine } from '@/lib/mail/sanitize';
import { sendMail } from '@/lib/mail/send-mail';
import { mailboxKey } from '@/lib/mail/mailbox-key';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';
import type { AuthedContext } from '@/lib/context';
import { slugify } from '@/lib/listings/slug';
import { emptyFields, setByCaller } from './fields';
import { draftFailed, loadOwnDraft } from './queries';
import { MAX_INVITES, type DraftFounder, type SocialLinks, type StoredFields } from './types';
import { inviteView } from './view';
import { nextVersion } from './version';

const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Invites one account may send a day (across its drafts), and one address may receive a day (from anyone). */
export const INVITES_PER_ACCOUNT_PER_DAY = 20;
export const INVITES_PER_RECIPIENT_PER_DAY = 3;
const INVITING_STATUSES = ['ready', 'submitted'];
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function inviteCofounder(ctx: AuthedContext, draftId: string, email: string) {
  return ctx.db.transaction(async (tx) => {
    const draft = await loadOwnDraft(tx, ctx.principal.userId, draftId);
    await tx.select({ id: drafts.id }).from(drafts).where(eq(drafts.id, draftId)).for('update');
    const sent = await tx.select().from(draftInvites).where(eq(draftInvites.draftId, draftId));
    const used = sent.length;
    if (draft.status === 'failed') throw draftFailed();
    if (!INVITING_STATUSES.includes(draft.status))
      throw new AppError('draft_not_ready', `Invites can be sent once the draft is ready (it is ${draft.status}).`);
    const to = email.trim().toLowerCase();
    if (to === ctx.principal.email?.trim().toLowerCase())
      throw fieldError('email', 'This is your own address: invite a co-founder by theirs.');
    const same = sent.filter((i) => i.email === to);
    if (same.some((i) => i.acceptedAt))
      throw fieldError('email', `${to} has accepted an invite to this draft already.`);
    // Inviting someone again re-sends their pending invite with a new link; it is not another invite.
    const pending = same.find((i) => i.expiresAt > ctx.now);
    if (!pending && used >= MAX_INVITES)
      throw fieldError('email', `A draft can send at most ${MAX_INVITES} co-founder invites.`, 'invite_limit_reached');
    await enforceRateLimit(
      tx,
      `invite:account:${ctx.principal.userId}`,
      { limit: INVITES_PER_ACCOUNT_PER_DAY, windowMs: DAY_MS },
      ctx.now,
      'invites from this account today',
    );
    await enforceRateLimit(
      tx,
      `invite:to:${mailboxKey(to)}`,
      { limit: INVITES_PER_RECIPIENT_PER_DAY, windowMs: DAY_MS },
      ctx.now,
      'invites to this address today',
    );
    const token = randomBytes(32).toString('base64url');
    const link = { tokenHash: hashToken(token), expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS) };
    const [row] = pending
      ? await tx.update(draftInvites).set(link).where(eq(draftInvites.id, pending.id)).returning()
      : await tx
          .insert(draftInvites)
          .values({ draftId, email: to, ...link, invitedBy: ctx.principal.userId, createdAt: ctx.now })
          .returning();
    const product = productName(draft);
    const inviter =
      mailLine((await profileName(tx, ctx.principal.userId)) || ctx.principal.name || ctx.principal.email || '', 100) ||
      'A founder';
    const site = mailLine(draft.url, 300);
    const url = `${ctx.baseUrl}/invites/${token}`;
    await sendMail(tx, {
      to,
      kind: 'invite',
      subject: `${inviter} invited you to add your founder profile to ${product}`,
      text: `${inviter} ${draft.listingId === null ? 'is listing' : 'lists'} ${product} on ${ctx.baseUrl} and named you as a co-founder.\nThe product's website: ${site}\n\nSign in and add your own founder profile here:\n${url}\n\nThe link works for 14 days. If you did not expect this, ignore this email.`,
    });
    return { ...inviteView(row, ctx.now), draft_id: draftId, invites_left: MAX_INVITES - used - (pending ? 0 : 1) };
  });
}

/** The place of a listing founder (not the primary) with this name whose profile has no account, or -1. */
async function draftedByName(
  tx: DbOrTx,
  founders: ListingFounder[],
  sameName: (name: string) => boolean,
): Promise<number> {
  for (const [j, f] of founders.entries()) {
    if (j === 0 || !sameName(f.name)) continue;
    if (f.founder_profile_id === null) return j;
    const [p] = await tx
      .select({ userId: founderProfiles.userId })
      .from(founderProfiles)
      .where(eq(founderProfiles.id, f.founder_profile_id));
    if (p && p.userId === null) return j;
  }
  return -1;
}

export type InviteDetails = {
  id: number;
  email: string;
  draftId: string;
  productName: string;
  productUrl: string;
  status: 'pending' | 'accepted' | 'expired';
  invitedBy: string | null;
  /** Founders the drafter found (not the primary) that no account has claimed: the invitee may be one. */
  drafted: string[];
};

/** The name on the account's founder profile (an account's own name is often blank: magic links ask none). */
async function profileName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: founderProfiles.name })
    .from(founderProfiles)
    .where(eq(founderProfiles.userId, userId))
    .limit(1);
  return row?.name?.trim() || null;
}

/** The invite behind a link, or null when the token is unknown. */
export async function getInvite(db: DbOrTx, token: string, now = new Date()): Promise<InviteDetails | null> {
  const [row] = await db
    .select({ invite: draftInvites, draft: drafts, inviter: users.name, inviterProfile: founderProfiles.name })
    .from(draftInvites)
    .innerJoin(drafts, eq(drafts.id, draftInvites.draftId))
    .leftJoin(users, eq(users.id, draftInvites.invitedBy))
    .leftJoin(founderProfiles, eq(founderProfiles.userId, draftInvites.invitedBy))
    .where(eq(draftInvites.tokenHash, hashToken(token)));
  if (!row) return null;
  const view = inviteView(row.invite, now);
  const name =
    ((row.draft.fields as StoredFields | null)?.name?.value as string | null) ?? new URL(row.draft.url).hostname;
  return {
    id: row.invite.id,
    email: row.invite.email,
    draftId: row.draft.id,
    productName: name,
    productUrl: row.draft.url,
    status: view.status,
    invitedBy: row.inviterProfile || row.inviter,
    drafted: (((row.draft.fields as StoredFields | null)?.founders?.value ?? []) as DraftFounder[])
      .filter((f, j) => j > 0 && !f.founder_profile_id && f.name.trim())
      .map((f) => f.name),
  };
}

export type CofounderProfileInput = {
  name: string;
  role?: string | null;
  bio?: string | null;
  photo_url?: string | null;
  socials?: SocialLinks;
};

/**
 * The signed-in co-founder accepts: their own founder profile (created or updated) joins the
 * draft's founders, and the listing's founders if the draft was already submitted.
 */
export async function acceptInvite(
  db: DbOrTx,
  p: {
    token: string;
    userId: string;
    profile: CofounderProfileInput;
    /** The drafted founder the invitee says they are; unset or '': the one of the name they typed. */
    replaces?: string;
    now?: Date;
  },
) {
  const now = p.now ?? new Date();
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(draftInvites)
      .where(eq(draftInvites.tokenHash, hashToken(p.token)))
      .for('update');
    if (!invite) throw new AppError('not_found', 'This invite link is not valid.');
    if (invite.acceptedAt && invite.acceptedBy !== p.userId)
      throw new AppError('conflict', 'This invite was already used.');
    if (!invite.acceptedAt && invite.expiresAt < now)
      throw new AppError('conflict', 'This invite has expired; ask for a new one.');
    // The link is for the address it was sent to: joining makes one an editor of the listing, so a
    // forwarded or leaked mail must not do it for another account.
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, p.userId));
    if (!sameAddress(account?.email, invite.email))
      throw new AppError(
        'conflict',
        `This invite was sent to ${invite.email}. Sign in with that address to join, or ask the founder to invite the address you use here.`,
      );
    const profile = {
      name: p.profile.name.trim(),
      role: p.profile.role ?? null,
      bio: p.profile.bio ?? null,
      photoUrl: p.profile.photo_url ?? null,
      socials: p.profile.socials ?? {},
      updatedAt: now,
    };
    if (!profile.name) throw fieldError('name', 'Enter your name.');
    // What the drafter found about them on the site (role, bio, photo, links) fills what they left
    // empty: joining dropped Tom Becker's GitHub link and longer bio.
    // The drafted founder the invitee chose, else the one of the name they typed.
    const who = (p.replaces || profile.name).trim().toLowerCase();
    const sameName = (name: string) => name.trim().toLowerCase() === who;
    const [draft] = await tx.select().from(drafts).where(eq(drafts.id, invite.draftId)).for('update');
    const fields: StoredFields = { ...emptyFields(), ...(draft.fields ?? {}) };
    const founders = (fields.founders.value ?? []) as DraftFounder[];
    const found = founders.find((f, j) => j > 0 && !f.founder_profile_id && sameName(f.name));
    if (found) {
      profile.role = profile.role || found.role || null;
      profile.bio = profile.bio || found.bio || null;
      profile.photoUrl = profile.photoUrl || found.photo_url || null;
      profile.socials = { ...(found.socials ?? {}), ...profile.socials };
    }
    const [existing] = await tx.select().from(founderProfiles).where(eq(founderProfiles.userId, p.userId));
    let founderId: number;
    const createdNow = !existing;
    if (existing) {
      founderId = existing.id;
      await tx.update(founderProfiles).set(profile).where(eq(founderProfiles.id, existing.id));
    } else {
      const [created] = await tx
        .insert(founderProfiles)
        .values({ ...profile, userId: p.userId, slug: `${slugify(profile.name)}-${founderIdSuffix()}` })
        .returning({ id: founderProfiles.id });
      founderId = created.id;
    }
    await tx
      .update(draftInvites)
      .set({ acceptedAt: invite.acceptedAt ?? now, acceptedBy: p.userId, founderProfileId: founderId })
      .where(eq(draftInvites.id, invite.id));

    const entry: DraftFounder = {
      name: profile.name,
      role: profile.role,
      photo_url: profile.photoUrl,
      bio: profile.bio,
      socials: profile.socials,
      evidence: found?.evidence ?? [],
      founder_profile_id: founderId,
    };
    // The co-founder takes the place of the founder the drafter found by that name (listed twice
    // otherwise), never the primary founder's.
    let i = founders.findIndex((f) => f.founder_profile_id === founderId);
    if (i < 0) i = founders.findIndex((f, j) => j > 0 && !f.founder_profile_id && sameName(f.name));
    const next = i >= 0 ? founders.map((f, j) => (j === i ? entry : f)) : [...founders, entry];
    await tx
      .update(drafts)
      .set({ ...nextVersion(), fields: { ...fields, founders: setByCaller(fields.founders, next) }, updatedAt: now })
      .where(eq(drafts.id, draft.id));
    if (draft.listingId !== null) {
      // The listing is the record: the co-founder joins its founders as a version of its history.
      const [listing] = await tx.select().from(listings).where(eq(listings.id, draft.listingId)).for('update');
      const current = listing ? ((await LISTING_FIELDS.founders.read(tx, listing)) as ListingFounder[]) : [];
      if (listing && !current.some((f) => f.founder_profile_id === founderId)) {
        // On the listing too: a drafted founder of that name without an account gives way.
        const drafted = await draftedByName(tx, current, sameName);
        const replacedSlug = createdNow && drafted >= 0 ? await slugOf(tx, current[drafted].founder_profile_id) : null;
        const kept = drafted >= 0 ? current.filter((_, j) => j !== drafted) : current;
        const position = Math.min(
          Math.max(0, drafted >= 0 ? drafted : next.findIndex((f) => f.founder_profile_id === founderId)),
          kept.length,
        );
        const joined: ListingFounder = {
          founder_profile_id: founderId,
          name: profile.name,
          role: profile.role,
          bio: profile.bio,
          photo_url: profile.photoUrl,
          socials: profile.socials,
        };
        await applyListingEdit(
          tx,
          { now, face: 'web' },
          listing,
          { founders: [...kept.slice(0, position), joined, ...kept.slice(position)] },
          { source: 'accept_invite', actorId: p.userId },
        );
        if (replacedSlug) await takeOverAddress(tx, replacedSlug, founderId);
      }
    }
    if (!invite.acceptedAt) await mailInviter(tx, invite.invitedBy ?? draft.ownerId, profile.name, draft, invite.email);
    return { draftId: draft.id, founderProfileId: founderId, listingId: draft.listingId };
  });
}

/** Whether an account's address is the invited one (addresses compare without case). */
export const sameAddress = (email: string | null | undefined, invited: string) =>
  !!email && email.trim().toLowerCase() === invited.trim().toLowerCase();

/** The slug of a founder profile (null when there is none). */
async function slugOf(tx: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ slug: founderProfiles.slug }).from(founderProfiles).where(eq(founderProfiles.id, id));
  return row?.slug ?? null;
}

/**
 * The drafted founder's page address (/founders/tom-becker) goes to the co-founder who took that
 * place with a new profile, once the drafted profile is gone (it was linked nowhere else): the
 * listing linked there, and the address stopped answering when he joined.
 */
async function takeOverAddress(tx: DbOrTx, slug: string, founderId: number) {
  const [holder] = await tx
    .select({ id: founderProfiles.id })
    .from(founderProfiles)
    .where(eq(founderProfiles.slug, slug));
  if (holder) return;
  await tx.update(founderProfiles).set({ slug }).where(eq(founderProfiles.id, founderId));
  revalidatePublic(tags.founder(slug));
}

/** Tells the founder who invited (else the draft's owner) that the co-founder joined, once. */
async function mailInviter(
  tx: DbOrTx,
  userId: string | null,
  joinedName: string,
  draft: typeof drafts.$inferSelect,
  invitedAddress: string,
) {
  if (!userId) return;
  const [inviter] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!inviter?.email) return;
  const product = productName(draft);
  const name = mailLine(joinedName, 100);
  const where = draft.listingId !== null ? 'on the listing and the draft' : 'on the draft';
  await sendMail(tx, {
    to: inviter.email,
    kind: 'notification',
    subject: `${name} joined ${product} as a co-founder`,
    text: `${name} (invited as ${mailLine(invitedAddress, 200)}) accepted your invite and added their founder profile to ${product}: they are listed ${where} now. They edit their own profile; you can still reorder or remove founders in the draft editor.`,
  });
}

const productName = (draft: typeof drafts.$inferSelect) =>
  mailLine(((draft.fields as StoredFields | null)?.name?.value as string | null) || new URL(draft.url).hostname, 100);

const founderIdSuffix = () => randomBytes(3).toString('hex');
