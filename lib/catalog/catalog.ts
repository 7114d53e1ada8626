// Read side of the site team's data: categories, products with prices, interview questions.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, interviewQuestions, listingCategories, listings, products, LISTING_STATUS } from '@/db/schema';

export async function listCategories(db: DbOrTx) {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      listingCount: sql<number>`(select count(*) from ${listingCategories} lc join ${listings} l on l.id = lc.listing_id
        where lc.category_id = ${sql.raw(`"categories"."id"`)} and l.status = ${LISTING_STATUS.live})`.mapWith(Number),
    })
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
