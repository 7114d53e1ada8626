// A server's job side in a child process (test/recovery): opens the database named by DATA_DIR or
// DATABASE_URL, starts the local runner as boot does, and reports the draft DRAFT_ID as JSON lines
// on stdout until it is killed.
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { drafts } from '@/db/schema';
import { localRunner } from '@/lib/jobs/local-runner';

const draftId = process.env.DRAFT_ID!;
const db = await getDb();
localRunner();
console.log(JSON.stringify({ event: 'started' }));
for (;;) {
  const [d] = await db
    .select({ status: drafts.status, phase: drafts.phase, pagesFetched: drafts.pagesFetched })
    .from(drafts)
    .where(eq(drafts.id, draftId));
  console.log(JSON.stringify({ event: 'draft', ...d }));
  await new Promise((r) => setTimeout(r, 100));
}
