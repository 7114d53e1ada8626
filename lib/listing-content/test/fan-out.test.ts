// The follower mail fan-out (notify-followers): every follower gets exactly one mail per update, even
// when the job is killed between batches or in the middle of one and run again; the author gets
// none; it runs the same under Inngest (@inngest/test) and the local runner. Mail text and headers:
// owner-written parts cleaned, one unsubscribe link per follow, List-Unsubscribe over SMTP.
import { InngestTestEngine } from '@inngest/test';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, jobs, jobSteps, listingUpdates, updateDeliveries, users } from '@/db/schema';
import { inngestFunctionOf } from '@/inngest/functions';
import { notifyFollowersJob } from '@/lib/jobs/definitions/notify-followers';
import { localRunner, stopLocalRunner } from '@/lib/jobs/local-runner';
import { sendJob } from '@/lib/jobs/send';
import type { StepTools } from '@/lib/jobs/types';
import { startSmtpDouble } from '@/lib/mail/test/smtp-double';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { countRecipients, mailFollowersBatch, updateMail } from '../fan-out';
import { follow, ownListing } from './helpers';

const { db } = await useTestDatabase();
process.env.FOLLOWER_MAIL_BATCH = '2'; // 3 followers: two batches

beforeAll(() => {
  delete process.env.SMTP_URL;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await stopLocalRunner();
  delete process.env.FOLLOWER_MAIL_BATCH;
});

type Setup = { updateId: number; author: string; followers: string[]; listingId: number };

/** A live listing whose owner follows it too, three other followers, and one posted update. */
async function setup(title = 'Dark mode is here'): Promise<Setup> {
  const owner = await createAccount(db, { name: 'Owner' });
  const listing = await ownListing(db, owner.user.id, { name: 'Quillnote' });
  const fans = await Promise.all(['Ana', 'Ben', 'Cy'].map((name) => createAccount(db, { name })));
  await follow(db, listing.id, [owner.user.id, ...fans.map((f) => f.user.id)]);
  const [update] = await db
    .insert(listingUpdates)
    .values({ listingId: listing.id, authorId: owner.user.id, title, body: 'Every screen follows your theme.' })
    .returning();
  return {
    updateId: update.id,
    author: owner.user.email!,
    followers: fans.map((f) => f.user.email!),
    listingId: listing.id,
  };
}

async function mailCounts(s: Setup): Promise<Record<string, number>> {
  const rows = await db
    .select({ to: emailOutbox.to })
    .from(emailOutbox)
    .where(inArray(emailOutbox.to, [s.author, ...s.followers]));
  const counts = Object.fromEntries([s.author, ...s.followers].map((e) => [e, 0]));
  for (const r of rows) counts[r.to]++;
  return counts;
}

function expectExactlyOnce(counts: Record<string, number>, s: Setup) {
  expect(counts[s.author]).toBe(0);
  for (const f of s.followers) expect(counts[f], f).toBe(1);
}

/** Step tools that keep finished steps' results like a backend does (a retry replays them). */
function memoSteps(memo: Map<string, unknown>, hooks: { before?: (id: string) => void } = {}): StepTools {
  return {
    run: async <T>(id: string, fn: () => Promise<T>): Promise<T> => {
      if (memo.has(id)) return memo.get(id) as T;
      hooks.before?.(id);
      const result = await fn();
      memo.set(id, result);
      return result;
    },
  };
}

describe('exactly one mail per follower', () => {
  it('killed between batches, then run again: the first batch is not mailed twice', async () => {
    const s = await setup();
    const memo = new Map<string, unknown>();
    const killAtSecond = memoSteps(memo, {
      before: (id) => {
        if (id === 'mail-batch-1') throw new Error('killed');
      },
    });
    await expect(notifyFollowersJob.run({ update_id: s.updateId }, killAtSecond)).rejects.toThrow('killed');
    expect(Object.values(await mailCounts(s)).reduce((a, b) => a + b)).toBe(2); // the first batch only
    const result = await notifyFollowersJob.run({ update_id: s.updateId }, memoSteps(memo));
    expect(result).toMatchObject({ mailed: 3, batches: 2 }); // batch 0's result replayed from the memo, not re-run
    expectExactlyOnce(await mailCounts(s), s);
  });

  it('killed inside a batch after mailing (its result lost), then run again: no one is mailed twice', async () => {
    const s = await setup();
    const memo = new Map<string, unknown>();
    const lose: StepTools = {
      run: async <T>(id: string, fn: () => Promise<T>): Promise<T> => {
        if (memo.has(id)) return memo.get(id) as T;
        await fn(); // the mails are written, then the process dies before the step is recorded
        throw new Error(`killed during ${id}`);
      },
    };
    await expect(notifyFollowersJob.run({ update_id: s.updateId }, lose)).rejects.toThrow('killed during mail-batch-0');
    await notifyFollowersJob.run({ update_id: s.updateId }, memoSteps(memo));
    await notifyFollowersJob.run({ update_id: s.updateId }, memoSteps(new Map())); // even a full re-run from scratch
    expectExactlyOnce(await mailCounts(s), s);
    const deliveries = await db.select().from(updateDeliveries).where(eq(updateDeliveries.updateId, s.updateId));
    expect(deliveries).toHaveLength(3);
  });

  it('local runner: a job that fails after its first batch is retried and resumes from the stored step', async () => {
    const s = await setup();
    const original = notifyFollowersJob.run;
    let attempt = 0;
    vi.spyOn(notifyFollowersJob, 'run').mockImplementation(async (payload, step) => {
      attempt++;
      if (attempt > 1) return original(payload, step);
      return original(payload, {
        run: async (id, fn) => {
          if (id === 'mail-batch-1') throw new Error('killed mid-way');
          return step.run(id, fn);
        },
      });
    });
    await sendJob({ name: 'listings/update-posted', data: { update_id: s.updateId } });
    await localRunner()!.idle(30_000);
    expect(attempt).toBe(2);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, String(s.updateId)));
    expect(job).toMatchObject({ functionId: 'notify-followers', status: 'completed', attempts: 2 });
    const steps = await db.select().from(jobSteps).where(eq(jobSteps.jobId, job.id));
    expect(steps.map((r) => r.stepId).sort()).toEqual(['mail-batch-0', 'mail-batch-1']);
    expectExactlyOnce(await mailCounts(s), s);
  });

  it('Inngest: runs the batches as steps and mails each follower once, not the author', async () => {
    const s = await setup();
    const { result, ctx } = await new InngestTestEngine({
      function: inngestFunctionOf(notifyFollowersJob),
      events: [{ name: 'listings/update-posted', data: { update_id: s.updateId } }],
    }).execute();
    expect(result).toEqual({ update_id: s.updateId, mailed: 3, batches: 2 });
    const ids = (ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0]);
    expect(ids).toEqual(['mail-batch-0', 'mail-batch-1']);
    expectExactlyOnce(await mailCounts(s), s);
  });

  it('a batch is at most the batch size, and followers without an address are skipped', async () => {
    const s = await setup();
    await db.update(users).set({ email: null }).where(eq(users.email, s.followers[2]));
    expect(await countRecipients(db, s.listingId, null)).toBe(3); // the owner counts when not the author
    const first = await mailFollowersBatch(db, s.updateId, null, 1);
    expect(first).toMatchObject({ mailed: 1, done: false });
    const rest = await mailFollowersBatch(db, s.updateId, first.cursor, 10);
    expect(rest).toMatchObject({ mailed: 1, done: true });
  });

  it('an update that does not exist (yet) fails the batch, so the job retries', async () => {
    await expect(mailFollowersBatch(db, 2_000_000_000, null)).rejects.toThrow(/not found/);
  });
});

describe('the mail', () => {
  it('cleans owner text, keeps the body’s lines and links one unsubscribe page per follow', () => {
    const m = updateMail({
      listingName: 'Quill\u202enote',
      slug: 'quillnote',
      title: 'New\r\nBcc: victim@example.com',
      body: 'Line one\u0007\n\nLine two\n\n\n\nLine three',
      recipientName: 'Ana',
      token: '0b6f5a1e-1111-2222-3333-444455556666',
      baseUrl: 'https://directory.test',
    });
    expect(m.subject).toBe('Quill note: New Bcc: victim@example.com');
    expect(m.subject).not.toMatch(/[\r\n\u202e]/);
    expect(m.text).toContain('Line one\n\nLine two\n\nLine three');
    expect(m.text).toContain('https://directory.test/p/quillnote#updates');
    expect(m.text).toContain('https://directory.test/unsubscribe/0b6f5a1e-1111-2222-3333-444455556666');
    expect(m.oneClick).toBe('https://directory.test/unsubscribe/0b6f5a1e-1111-2222-3333-444455556666/one-click');
  });

  it('each follower’s mail carries their own link, and SMTP gets List-Unsubscribe with one-click', async () => {
    const smtp = await startSmtpDouble();
    process.env.SMTP_URL = smtp.url;
    try {
      const s = await setup('Headers');
      await mailFollowersBatch(db, s.updateId, null, 10);
      const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.to, s.followers));
      const links = rows.map((r) => /\/unsubscribe\/([0-9a-f-]{36})/.exec(r.text)?.[1]);
      expect(new Set(links).size).toBe(3);
      expect(smtp.received).toHaveLength(3);
      for (const received of smtp.received) {
        const mail = { data: received.data.replace(/\r\n[ \t]+/g, ' ') }; // unfold long header lines
        expect(mail.data).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/unsubscribe\/[0-9a-f-]{36}\/one-click>\r$/m);
        expect(mail.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      }
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    } finally {
      delete process.env.SMTP_URL;
      await smtp.close();
    }
  });
});
