import { loadDotEnv } from './env';

loadDotEnv();
const { openDatabase } = await import('../db/client');
const { migrate } = await import('../db/migrate');
const handle = await openDatabase();
await migrate(handle);
await handle.close();
console.log('Migrations applied.');
