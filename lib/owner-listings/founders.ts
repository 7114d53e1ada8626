// The founders of a listing as one editable field. Profile ids stay stable: a founder who is already
// linked stays linked (reordered if need be); only a profile without an account that this listing
// alone uses (one the draft created for a co-founder) is updated in place; a profile that belongs to
// an account is linked, never overwritten: its person edits it themselves (/account/profile). The
// primary founder without a profile id is the owner's own profile: linked if the owner has one,
// otherwise created once from the founder sent (docs/decisions.md#listing-edits).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listingFounders, users, type Socials } from '@/db/schema';
import type { ListingRow } from './access';
import type { Adapter } from './listing-fields';
import { uniqueSlug } from './slugs';

export type ListingFounder = {
  /** The profile this founder is (null: a new profile is made). */
  founder_profile_id: number | null;
  name: string;
  role: string | null;
  bio: string | null;
  photo_url: string | null;
  socials: Socials;
};

type Profile = typeof founderProfiles.$inferSelect;
type Target =
  | { kind: 'link'; id: number; content: ListingFounder }
  | { kind: 'update'; id: number; content: ListingFounder }
  | { kind: 'create'; userId: string | null; content: ListingFounder };

const cleanSocials = (s: Socials | null | undefined): Socials =>
  Object.fromEntries(Object.entries(s ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));

const asFounder = (p: Profile): ListingFounder => ({
  founder_profile_id: p.id,
  name: p.name,
  role: p.role,
  bio: p.bio,
  photo_url: p.photoUrl,
  socials: cleanSocials(p.socials),
});

const sent = (f: ListingFounder, id: number | null): ListingFounder => ({
  founder_profile_id: id,
  name: f.name.trim(),
  role: f.role || null,
  bio: f.bio || null,
  photo_url: f.photo_url || null,
  socials: cleanSocials(f.socials),
});

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The profiles linked to the listing, in order, and which of them this listing alone may change. */
async function linkedProfiles(db: DbOrTx, listingId: number) {
  const rows = await db
    .select({ profile: founderProfiles, position: listingFounders.position })
    .from(listingFounders)
    .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(eq(listingFounders.listingId, listingId))
    .orderBy(asc(listingFounders.position), asc(founderProfiles.id));
  const ids = rows.map((r) => r.profile.id);
  const shared = ids.length
    ? await db
        .selectDistinct({ id: listingFounders.founderId })
        .from(listingFounders)
        .where(and(inArray(listingFounders.founderId, ids), ne(listingFounders.listingId, listingId)))
    : [];
  const elsewhere = new Set(shared.map((r) => r.id));
  return rows.map((r, index) => ({
    profile: r.profile,
    index,
    /** No account, and no other listing uses it: made for this listing, so its edits may change it. */
    own: r.profile.userId === null && !elsewhere.has(r.profile.id),
  }));
}

/** What each founder sent becomes: a link to a profile as it is, an update in place, or a new profile. */
async function plan(db: DbOrTx, listing: ListingRow, sentValue: ListingFounder[]): Promise<Target[]> {
  const value = await withOwnerFirst(db, listing, sentValue);
  const linked = await linkedProfiles(db, listing.id);
  const own = linked.filter((p) => p.own);
  const used = new Set<number>();
  const targets: (Target | undefined)[] = value.map(() => undefined);

  const explicit = value.map((f) => f.founder_profile_id).filter((id): id is number => typeof id === 'number');
  const known = explicit.length
    ? await db.select().from(founderProfiles).where(inArray(founderProfiles.id, explicit))
    : [];
  value.forEach((f, i) => {
    const p = known.find((k) => k.id === f.founder_profile_id);
    if (!p || used.has(p.id)) return;
    used.add(p.id);
    targets[i] = own.some((o) => o.profile.id === p.id)
      ? { kind: 'update', id: p.id, content: sent(f, p.id) }
      : { kind: 'link', id: p.id, content: asFounder(p) };
  });

  if (listing.ownerId && value.length && !targets[0] && value[0].founder_profile_id == null) {
    const [mine] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, listing.ownerId));
    if (mine && !used.has(mine.id)) {
      used.add(mine.id);
      targets[0] = { kind: 'link', id: mine.id, content: asFounder(mine) };
    } else if (!mine) targets[0] = { kind: 'create', userId: listing.ownerId, content: sent(value[0], null) };
  }

  const claim = (i: number, match: (o: (typeof own)[number]) => boolean) => {
    const hit = own.find((o) => !used.has(o.profile.id) && match(o));
    if (!hit) return;
    used.add(hit.profile.id);
    targets[i] = { kind: 'update', id: hit.profile.id, content: sent(value[i], hit.profile.id) };
  };
  value.forEach((f, i) => targets[i] ?? claim(i, (o) => sameName(o.profile.name, f.name)));
  // A renamed co-founder: the profile that had this place.
  value.forEach((_f, i) => targets[i] ?? claim(i, (o) => o.index === i));
  return value.map((f, i) => targets[i] ?? { kind: 'create', userId: null, content: sent(f, null) });
}

/**
 * The primary founder without a profile id is the owner. When the owner's profile has another name
 * than that founder (the drafter found Maria Santos on the team page; the owner is Sam), the owner
 * comes first and that founder stays after them: taking the place silently dropped her.
 */
async function withOwnerFirst(db: DbOrTx, listing: ListingRow, value: ListingFounder[]): Promise<ListingFounder[]> {
  if (!listing.ownerId || !value.length || value[0].founder_profile_id != null) return value;
  const [mine] = await db
    .select({ profile: founderProfiles, accountName: users.name })
    .from(founderProfiles)
    .innerJoin(users, eq(users.id, founderProfiles.userId))
    .where(eq(founderProfiles.userId, listing.ownerId));
  if (!mine || value.some((f) => f.founder_profile_id === mine.profile.id)) return value;
  const names = [mine.profile.name, mine.accountName ?? ''];
  if (names.some((n) => samePerson(n, value[0].name))) return value;
  return [asFounder(mine.profile), ...value];
}

/** "Maria Santos" and "maria santos", or "Maria S." (a first name and the last name's initial). */
function samePerson(a: string, b: string): boolean {
  const words = (s: string) => s.toLowerCase().replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
  const [x, y] = [words(a), words(b)];
  if (!x.length || !y.length) return false;
  if (x.join(' ') === y.join(' ')) return true;
  if (x[0] !== y[0] || x.length < 2 || y.length < 2) return false;
  const [lx, ly] = [x[x.length - 1], y[y.length - 1]];
  return (lx.length === 1 && ly.startsWith(lx)) || (ly.length === 1 && lx.startsWith(ly));
}

async function read(db: DbOrTx, listing: ListingRow): Promise<ListingFounder[]> {
  return (await linkedProfiles(db, listing.id)).map((p) => asFounder(p.profile));
}

async function write(db: DbOrTx, listing: ListingRow, value: unknown) {
  const targets = await plan(db, listing, (value as ListingFounder[] | null) ?? []);
  const before = await linkedProfiles(db, listing.id);
  const ids: number[] = [];
  for (const t of targets) {
    const data = {
      name: t.content.name,
      role: t.content.role,
      bio: t.content.bio,
      photoUrl: t.content.photo_url,
      socials: t.content.socials,
    };
    if (t.kind === 'create') {
      const slug = await uniqueSlug(db, founderProfiles, t.content.name);
      const [row] = await db
        .insert(founderProfiles)
        .values({ ...data, slug, userId: t.userId })
        .returning({ id: founderProfiles.id });
      ids.push(row.id);
      continue;
    }
    if (t.kind === 'update')
      await db
        .update(founderProfiles)
        .set({ ...data, updatedAt: sql`now()` })
        .where(and(eq(founderProfiles.id, t.id), sql`${founderProfiles.userId} is null`));
    if (!ids.includes(t.id)) ids.push(t.id);
  }
  await db.delete(listingFounders).where(eq(listingFounders.listingId, listing.id));
  if (ids.length)
    await db
      .insert(listingFounders)
      .values(
        ids.map((founderId, position) => ({ listingId: listing.id, founderId, isPrimary: position === 0, position })),
      );
  // Profiles this listing made for people without an account, no longer linked: nobody else has them.
  const dropped = before.filter((p) => p.own && !ids.includes(p.profile.id)).map((p) => p.profile.id);
  if (dropped.length)
    await db
      .delete(founderProfiles)
      .where(and(inArray(founderProfiles.id, dropped), sql`${founderProfiles.userId} is null`));
  return {};
}

export const foundersAdapter: Adapter = {
  read,
  async normalize(db, listing, value) {
    const seen = new Set<number>();
    return (await plan(db, listing, (value as ListingFounder[] | null) ?? []))
      .map((t) => t.content)
      .filter(
        (f) => f.founder_profile_id === null || (!seen.has(f.founder_profile_id) && seen.add(f.founder_profile_id)),
      );
  },
  write,
};
