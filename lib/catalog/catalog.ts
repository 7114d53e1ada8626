// Read side of the site team's data: categories, products with prices, interview questions.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, interviewQuestions, listingCategories, listings, products, LISTING_STATUS } from '@/db/schema';

/**
 * The categories with their live listings counted. One grouped join for all of them (a count per
 * category re-read the live listings' index once per category: 5 s at a million listings, 0.8 s so);
 * pages and the API read it through the cache, which only a listing published, removed or re-filed expires.
 */
export async function listCategories(db: DbOrTx) {
  const counted = db
    .select({ categoryId: listingCategories.categoryId, n: sql<number>`count(*)`.as('n') })
    .from(listingCategories)
    .innerJoin(listings, and(eq(listings.id, listingCategories.listingId), eq(listings.status, LISTING_STATUS.live)))
    .groupBy(listingCategories.categoryId)
    .as('counted');
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      listingCount: sql<number>`coalesce(${counted.n}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counted, eq(counted.categoryId, categories.id))
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
