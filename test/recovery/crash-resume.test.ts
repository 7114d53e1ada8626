// Issue 18 part 7, by killing a server mid-draft: a child process runs the local runner (as `npm
// start` does) against a database on disk, crawling a slow site; it is killed with SIGKILL after a few
// pages; a new process takes the job over at once (its holder is provably gone) and resumes from the
// pages already fetched. Goal: the draft is ready within 10 s of the restart (it was about 43 s: the
// 30 s lease, then the whole crawl again).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { draftPages, drafts } from '@/db/schema';
import { migrate } from '@/db/migrate';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { BUILD_DRAFT_ID } from '@/lib/jobs/definitions/build-draft';
import { enqueueLocal } from '@/lib/jobs/queue';
import { createAccount } from '@/test/support/accounts';
import { startFixtureSite } from '@/test/support/fixture-sites';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const c of cleanups) await c();
});

/** A database the child processes can open: a PGlite folder, or a fresh PostgreSQL database. */
async function prepareDatabase(): Promise<{ env: Record<string, string> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-resume-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dir } };
  }
  const name = `t_crash_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = postgres(base, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() } };
}

type DraftLine = { event: string; status?: string; pagesFetched?: number };

function startRunner(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/support/runner-process.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? '',
      OPENAI_API_KEY: '',
      INNGEST_EVENT_KEY: '',
      INNGEST_BASE_URL: '',
      INNGEST_DEV: '',
      CRAWLER_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  const waitFor = (test: (l: DraftLine) => boolean, timeoutMs: number) =>
    new Promise<DraftLine>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching line within ${timeoutMs} ms`)), timeoutMs);
      lines.on('line', (text) => {
        let line: DraftLine;
        try {
          line = JSON.parse(text) as DraftLine;
        } catch {
          return; // a log line
        }
        if (test(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      child.on('exit', () => reject(new Error('the runner process exited')));
    });
  return { child, waitFor };
}

describe('a server killed mid-draft', () => {
  it('is taken over at once after a restart and resumes from the pages already fetched', async () => {
    const site = await startFixtureSite('acme', { delayMs: 700 });
    cleanups.push(() => site.close());
    const { env } = await prepareDatabase();
    const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await migrate(handle);
    const owner = await createAccount(handle.db);
    const draftId = newDraftId();
    await handle.db.insert(drafts).values({
      id: draftId,
      ownerId: owner.user.id,
      url: `${site.url}/`,
      status: 'crawling',
      phase: 'queued',
      fields: emptyFields(),
    });
    await enqueueLocal(handle.db, {
      functionId: BUILD_DRAFT_ID,
      key: draftId,
      concurrencyKey: owner.user.id,
      event: { name: 'drafts/submitted', data: { draft_id: draftId, owner_id: owner.user.id } },
    });
    await handle.close(); // PGlite: one process at a time

    const first = startRunner({ ...env, DRAFT_ID: draftId });
    await first.waitFor((l) => (l.pagesFetched ?? 0) >= 3, 60_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const beforeRestart = [...site.requests];
    expect(beforeRestart.filter((p) => p === '/')).toHaveLength(1);
    // What the killed process saved (pages still in flight at the kill were never saved, and are read again).
    const reopened = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const savedPaths = (
      await reopened.db.select({ url: draftPages.url }).from(draftPages).where(eq(draftPages.draftId, draftId))
    ).map((p) => new URL(p.url).pathname);
    await reopened.close();
    expect(savedPaths).toContain('/');
    expect(savedPaths.length).toBeGreaterThanOrEqual(3);

    const restartedAt = Date.now();
    const second = startRunner({ ...env, DRAFT_ID: draftId });
    await second.waitFor((l) => l.status === 'ready', 40_000);
    const seconds = (Date.now() - restartedAt) / 1000;
    console.log(
      `[crash-resume] ready ${seconds.toFixed(1)} s after the restart; requests before the kill ${beforeRestart.length}, after ${site.requests.length - beforeRestart.length}`,
    );
    second.child.kill('SIGKILL');

    expect(seconds).toBeLessThan(10);
    // Resumed, not crawled again: the home page is not fetched a second time, nor any page saved before the kill.
    const after = site.requests.slice(beforeRestart.length);
    expect(after.filter((p) => savedPaths.includes(p))).toEqual([]);
  }, 120_000);
});
