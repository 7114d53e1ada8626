// npm run db:fill -- --listings N [--force] [--jobs J]: fills the PostgreSQL database of DATABASE_URL
// (migrated, seeded if empty) with N synthetic live listings. Exit 2: refused (listings it did not make).
import { parseArgs } from 'node:util';
import { loadDotEnv } from './env';

loadDotEnv();
const { values } = parseArgs({
  options: { listings: { type: 'string' }, force: { type: 'boolean' }, jobs: { type: 'string' } },
});
const listings = Number(values.listings);
const url = process.env.DATABASE_URL;
if (!url || !Number.isInteger(listings) || listings < 0) {
  console.error('Usage: DATABASE_URL=postgres://… npm run db:fill -- --listings N [--force] [--jobs J]');
  process.exit(1);
}
const { fillDatabase, FillRefusedError } = await import('../db/seed/fill/fill');
try {
  await fillDatabase({
    url,
    listings,
    force: values.force,
    jobs: values.jobs ? Number(values.jobs) : undefined,
    log: console.log,
  });
} catch (e) {
  if (e instanceof FillRefusedError) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
