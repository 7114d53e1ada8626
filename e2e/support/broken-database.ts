// Run with tsx in its own process (e2e/error-page.spec.ts): a migrated, seeded embedded database in
// DATA_DIR whose listing_updates table was renamed away, so /updates fails in the database. A separate
// process because the domain code the seed imports (next/cache) does not load in Playwright's runner.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDatabase } from '../../db/seed/seed';

const handle = await openDatabase({ dataDir: process.env.DATA_DIR, url: '' });
try {
  await migrate(handle);
  await seedDatabase(handle.db, { demo: true });
  await handle.db.execute(sql`alter table listing_updates rename to listing_updates_gone`);
} finally {
  await handle.close();
}
