// Read side of the site team's data: categories, products with prices, interview questions.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, categoryLiveCounts, interviewQuestions, products } from '@/db/schema';

/**
 * The categories with their live listings counted: the counts kept by category_live_counts (migration
 * 0019, in the same transaction as every change), so no listing is read. Grouping the live listings
 * here took 0.8 s at a million listings.
 */
export async function listCategories(db: DbOrTx) {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      listingCount: sql<number>`coalesce(${categoryLiveCounts.listings}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(categoryLiveCounts, eq(categoryLiveCounts.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.name));
}

/** The categories a draft may choose from (no counts). */
export async function categoryChoices(db: DbOrTx) {
  return db
    .select({ name: categories.name, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function listActiveProducts(db: DbOrTx) {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.id));
}

export async function listInterviewQuestions(db: DbOrTx) {
  return db
    .select()
    .from(interviewQuestions)
    .where(eq(interviewQuestions.active, true))
    .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
}
