// The bench's listings: db:fill's loader (db/seed/fill), so a bench database is made the fast way and
// a kept one (BENCH_DB_NAME) that already holds them is left as it is.
import { fillDatabase } from '../../db/seed/fill/fill';

/** A migrated, seeded bench database holding at least `count` fill listings (adds only what is missing). */
export async function prepareBenchListings(url: string, count: number) {
  console.log(`Preparing ${count} listings…`);
  await fillDatabase({ url, listings: count, log: (m) => console.log(`  fill: ${m}`) });
}
