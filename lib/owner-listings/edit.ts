// The one versioned edit path of a submitted listing (docs/decisions.md#listing-edits): only the fields
// sent are compared and written; a call that changes something becomes one version in the listing's
// history (before/after per field, who, through which face, when) and expires the public caches.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, listingVersions, type EditFace, type FieldChange } from '@/db/schema';
import { staleVersionDetail } from '@/lib/errors/version-conflict';
import { AppError } from '@/lib/errors/app-error';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import type { OpContext } from '@/lib/context';
import type { ListingRow } from './access';
import { LISTING_FIELDS, type ListingColumns, type ListingFieldName, type ListingPatch } from './listing-fields';

export type EditOptions = {
  /** The operation making the edit: update_my_listing, update_draft, submit_draft, revert. */
  source: string;
  /** The account making it (null for jobs). */
  actorId: string | null;
  /** Defaults to the context's face. */
  face?: EditFace;
  /** Optimistic concurrency: the listing version the editor loaded (409 version_conflict when stale). */
  expectedVersion?: number;
  /** For a revert: the version row it undoes. */
  revertOf?: number;
};

export type EditResult = { version: number; changes: FieldChange[] };

/** Stable JSON for comparing values (object keys sorted; undefined and null alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
function canonical(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * Applies `patch` to the listing (the caller has checked access and holds the row, ideally locked with
 * `loadOwnListing(..., { forUpdate: true })` in the same transaction). Returns the listing's version
 * after the edit and what changed (empty when nothing did: no version is written then).
 */
export async function applyListingEdit(
  db: DbOrTx,
  ctx: Pick<OpContext, 'now' | 'face'>,
  listing: ListingRow,
  patch: ListingPatch,
  opts: EditOptions,
): Promise<EditResult> {
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== listing.version)
    throw new AppError(
      'version_conflict',
      staleVersionDetail(
        'listing',
        opts.expectedVersion,
        listing.version,
        'Load it again, merge your changes and send them with its version.',
      ),
      { extra: { current_version: listing.version } },
    );

  const changes: FieldChange[] = [];
  let columns: ListingColumns = {};
  for (const field of Object.keys(patch) as ListingFieldName[]) {
    const adapter = LISTING_FIELDS[field];
    if (!adapter || patch[field] === undefined) continue;
    const after = adapter.normalize ? await adapter.normalize(db, listing, patch[field]) : patch[field];
    const before = await adapter.read(db, listing);
    if (sameValue(before, after)) continue;
    columns = { ...columns, ...(await adapter.write(db, listing, after)) };
    changes.push({ field, before: before ?? null, after: after ?? null });
  }
  if (changes.length === 0) return { version: listing.version, changes };
  return { version: await recordListingChange(db, ctx, listing, changes, opts, columns), changes };
}

/**
 * A change already written to the listing's own rows (a milestone added or deleted, the story set)
 * becomes a version too: `listings.version` moves on, the history has its before and after, and the
 * public caches expire. An editor holding the old version then gets a 409, not a silent overwrite.
 */
export async function recordListingChange(
  db: DbOrTx,
  ctx: Pick<OpContext, 'now' | 'face'>,
  listing: ListingRow,
  changes: FieldChange[],
  opts: Pick<EditOptions, 'source' | 'actorId' | 'face' | 'revertOf'>,
  columns: ListingColumns = {},
): Promise<number> {
  const [row] = await db
    .update(listings)
    .set({ ...columns, version: sql`${listings.version} + 1`, updatedAt: ctx.now })
    .where(eq(listings.id, listing.id))
    .returning({ version: listings.version, slug: listings.slug });
  await db.insert(listingVersions).values({
    listingId: listing.id,
    version: row.version,
    changes,
    actorId: opts.actorId,
    face: opts.face ?? ctx.face ?? 'api',
    source: opts.source,
    revertOf: opts.revertOf ?? null,
    createdAt: ctx.now,
  });
  revalidatePublic(...listingTags({ id: listing.id, slug: row.slug }, [listing.slug]));
  return row.version;
}
