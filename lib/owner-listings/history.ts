// A listing's version history for its owner: each edit with every field's before and after, who made
// it, through which face and when, newest first.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listingVersions, users, type EditFace, type FieldChange } from '@/db/schema';

export type HistoryEntry = {
  id: number;
  version: number;
  changes: FieldChange[];
  face: EditFace;
  source: string;
  revertOf: number | null;
  actorId: string | null;
  actorName: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};

export async function listingHistory(db: DbOrTx, listingId: number, limit = 50): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: listingVersions.id,
      version: listingVersions.version,
      changes: listingVersions.changes,
      face: listingVersions.face,
      source: listingVersions.source,
      revertOf: listingVersions.revertOf,
      actorId: listingVersions.actorId,
      name: users.name,
      email: users.email,
      createdAt: listingVersions.createdAt,
      reviewedAt: listingVersions.reviewedAt,
    })
    .from(listingVersions)
    .leftJoin(users, eq(users.id, listingVersions.actorId))
    .where(eq(listingVersions.listingId, listingId))
    .orderBy(desc(listingVersions.version))
    .limit(limit);
  return rows.map(({ name, email, ...r }) => ({ ...r, actorName: name ?? email ?? null }));
}
