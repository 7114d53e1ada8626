// The local durable runner (docs/decisions.md#durable-jobs): runs the Inngest functions in-process when no Inngest
// server is configured. Each step's result is stored (job_steps), so a job resumed after a restart
// skips finished steps; failures retry with backoff; a per-key concurrency limit holds the rest.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, lt, isNull, gt, count, ne } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { jobs, jobSteps } from '@/db/schema';
import type { LocalFunction } from './types';
import { holderIsGone, leaseHolder, thisProcess } from './process-identity';

const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const POLL_MS = 1_000;
const MAX_PARALLEL = Number(process.env.JOBS_MAX_PARALLEL) || 8;

type JobRow = typeof jobs.$inferSelect;

export function backoffMs(attempt: number): number {
  const base = Math.min(60_000, 1_000 * 2 ** (attempt - 1));
  return base / 2 + Math.random() * (base / 2);
}

export class LocalRunner {
  /** The lease holder's name: this host and process, so a restart can prove it gone (process-identity.ts). */
  readonly id = leaseHolder(thisProcess(), randomBytes(3).toString('hex'));
  private running = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private again = false;
  private stopped = false;

  constructor(
    private functions: LocalFunction[],
    private db: () => Promise<Db> = getDb,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled(this.running.values());
  }

  /** Look for work now (after an enqueue). */
  kick() {
    if (this.ticking) this.again = true;
    else this.schedule(0);
  }

  /** Resolves when no job is queued, running or waiting for a retry (tests and benchmarks). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const db = await this.db();
      const [{ n }] = await db
        .select({ n: count() })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running']));
      if (n === 0 && this.running.size === 0) return;
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      await this.claimAndRun();
    } catch (err) {
      console.error('[jobs] runner error:', err);
    } finally {
      this.ticking = false;
      const now = this.again;
      this.again = false;
      this.schedule(now ? 0 : POLL_MS);
    }
  }

  private async claimAndRun() {
    const db = await this.db();
    const now = new Date();
    const free = MAX_PARALLEL - this.running.size;
    if (free <= 0) return;
    const ids = this.functions.map((f) => f.id);
    await this.releaseDeadLeases(db, ids, now);
    const candidates = await db
      .select()
      .from(jobs)
      .where(
        and(
          inArray(jobs.functionId, ids),
          lte(jobs.runAt, now),
          or(
            eq(jobs.status, 'queued'),
            and(eq(jobs.status, 'running'), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(100);
    let started = 0;
    for (const job of candidates) {
      if (started >= free) break;
      const fn = this.functions.find((f) => f.id === job.functionId)!;
      if (job.concurrencyKey) {
        const [{ n }] = await db
          .select({ n: count() })
          .from(jobs)
          .where(
            and(
              eq(jobs.functionId, job.functionId),
              eq(jobs.concurrencyKey, job.concurrencyKey),
              eq(jobs.status, 'running'),
              gt(jobs.lockedUntil, now),
            ),
          );
        if (n >= fn.concurrencyLimit) continue;
      }
      // Claimed only if nobody else took it in between (conditional update).
      const [claimed] = await db
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: this.id,
          lockedUntil: new Date(Date.now() + LEASE_MS),
          attempts: job.attempts + 1,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(jobs.id, job.id),
            eq(jobs.attempts, job.attempts),
            or(eq(jobs.status, 'queued'), lt(jobs.lockedUntil, now), isNull(jobs.lockedUntil)),
          ),
        )
        .returning();
      if (!claimed) continue;
      started++;
      const run = this.execute(db, fn, claimed).finally(() => {
        this.running.delete(claimed.id);
        this.kick();
      });
      this.running.set(claimed.id, run);
    }
  }

  /**
   * Ends at once the leases of holders provably gone (a crash on this host): their jobs are claimed in
   * this same tick instead of after the lease runs out. Leases of other hosts are left to expire.
   */
  private async releaseDeadLeases(db: Db, ids: string[], now: Date) {
    const held = await db
      .select({ id: jobs.id, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(
        and(
          inArray(jobs.functionId, ids),
          eq(jobs.status, 'running'),
          gt(jobs.lockedUntil, now),
          ne(jobs.lockedBy, this.id),
        ),
      );
    for (const job of held) {
      if (!holderIsGone(job.lockedBy)) continue;
      console.log(`[jobs] job ${job.id}: its holder ${job.lockedBy} is gone; taking it over`);
      await db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() - 1) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!)));
    }
  }

  private async execute(db: Db, fn: LocalFunction, job: JobRow) {
    const heartbeat = setInterval(() => {
      void db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() + LEASE_MS) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id)))
        .catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref?.();
    const step = {
      run: async <T>(stepId: string, body: () => Promise<T>): Promise<T> => {
        const [done] = await db
          .select()
          .from(jobSteps)
          .where(and(eq(jobSteps.jobId, job.id), eq(jobSteps.stepId, stepId)));
        if (done) return done.result as T;
        const result = await body();
        await db
          .insert(jobSteps)
          .values({ jobId: job.id, stepId, result: (result ?? null) as object })
          .onConflictDoNothing();
        return result;
      },
    };
    try {
      await fn.handler({ event: job.event, step });
      await db
        .update(jobs)
        .set({ status: 'completed', lockedUntil: null, lastError: null, updatedAt: new Date() })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      if (job.attempts < fn.maxAttempts) {
        await db
          .update(jobs)
          .set({
            status: 'queued',
            lockedUntil: null,
            lastError: message,
            runAt: new Date(Date.now() + backoffMs(job.attempts)),
            updatedAt: new Date(),
          })
          .where(eq(jobs.id, job.id));
      } else {
        console.error(`[jobs] ${fn.id} ${job.key} failed after ${job.attempts} attempts:`, message);
        await db
          .update(jobs)
          .set({ status: 'failed', lockedUntil: null, lastError: message, updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
        await fn.onFailure?.(job.event, err).catch((e) => console.error('[jobs] onFailure error:', e));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
