// A slug nobody has yet in a table with a unique slug column: "name", then "name-2", "name-3" …
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listings } from '@/db/schema';
import { slugify } from '@/lib/listings/slug';

export async function uniqueSlug(
  db: DbOrTx,
  table: typeof listings | typeof founderProfiles,
  base: string,
): Promise<string> {
  const root = slugify(base);
  for (let i = 1; ; i++) {
    const slug = i === 1 ? root : `${root}-${i}`;
    const [hit] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
    if (!hit) return slug;
  }
}
