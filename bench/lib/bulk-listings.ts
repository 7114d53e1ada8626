// The bench's listings: db:fill's loader (db/seed/fill), so a bench database is made the fast way and
// a kept one (BENCH_DB_NAME) that already holds them is left as it is.
import postgres from 'postgres';
import { fillDatabase } from '../../db/seed/fill/fill';

/** A migrated, seeded bench database holding at least `count` fill listings (adds only what is missing). */
export async function prepareBenchListings(url: string, count: number) {
  console.log(`Preparing ${count} listings…`);
  await fillDatabase({ url, listings: count, log: (m) => console.log(`  fill: ${m}`) });
  await vacuumListings(url);
}

/**
 * Vacuums the listings of a kept database before a measurement: earlier benches voted on it (every vote
 * leaves a dead row version), and this machine runs PostgreSQL with autovacuum off, so without this
 * each run would measure a different amount of leftover work.
 */
export async function vacuumListings(url: string) {
  const db = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await db.unsafe('vacuum (analyze) listings');
  } finally {
    await db.end();
  }
}
