// Category names as a caller typed them (names or slugs, any case) → the names list_categories uses.
// One resolver for update_draft and update_my_listing.
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';

/** Unknown names are a 422 naming `${path}.${index}`; duplicates are dropped, the order kept. */
export async function resolveCategories(db: DbOrTx, names: string[], path = 'fields.categories'): Promise<string[]> {
  const all = await db.select({ name: categories.name, slug: categories.slug }).from(categories);
  const out: string[] = [];
  names.forEach((typed, i) => {
    const key = typed.trim().toLowerCase();
    const hit = all.find((c) => c.name.toLowerCase() === key || c.slug === key);
    if (!hit) throw fieldError(`${path}.${i}`, `Unknown category "${typed}". Use a name from list_categories.`);
    if (!out.includes(hit.name)) out.push(hit.name);
  });
  return out;
}

/** Every category name, in the catalog's order (the choices of an edit form). */
export async function categoryNames(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((r) => r.name);
}
