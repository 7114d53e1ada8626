import { loadDotEnv } from './env';

loadDotEnv();
const { openDatabase } = await import('../db/client');
const { migrate } = await import('../db/migrate');
const { isSeeded, seedDatabase } = await import('../db/seed/seed');
const handle = await openDatabase();
try {
  await migrate(handle);
  if (await isSeeded(handle.db)) console.log('The database already has its site and demo data; nothing to seed.');
  await seedDatabase(handle.db, { demoApiKey: process.env.DEMO_API_KEY, log: console.log });
} finally {
  await handle.close();
}
