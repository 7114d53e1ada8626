// `npm run admin:grant -- <email>`: gives the account with this email the admin role (the site team),
// creating the account when the address has never signed in. Uses the database the app uses
// (DATABASE_URL, or the embedded one in DATA_DIR): run it while the app is stopped when the database
// is the embedded one, which one process at a time may open.
import { loadDotEnv } from './env';

loadDotEnv();
const email = process.argv.slice(2).find((a) => a !== '--');
if (!email) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}
const { openDatabase } = await import('../db/client');
const { migrate } = await import('../db/migrate');
const { grantAdmin } = await import('../lib/admin/grant');
const handle = await openDatabase();
try {
  await migrate(handle);
  const result = await grantAdmin(handle.db, email);
  console.log(
    result.alreadyAdmin
      ? `${result.email} is already on the site team.`
      : result.created
        ? `${result.email} will be on the site team from its first sign-in (account created).`
        : `${result.email} is now on the site team.`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
