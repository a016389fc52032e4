import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { Clock } from './clock.ts';
import type { Metrics } from './metrics.ts';
import { withRequestId } from './request-id.ts';

/**
 * Job kinds and their payloads (JSON), declared by each owner by declaration merging, so the code
 * that queues a job and the handler that runs it agree on what it carries:
 *
 *   declare module '../../kernel/server/jobs.ts' {
 *     interface JobPayloads { 'chat:notify': { message: number; started: boolean } }
 *   }
 *
 * A payload naming a `domain` is skipped where its plugin is off for that domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}
export type JobKind = keyof JobPayloads & string;
export type JobHandler<K extends JobKind = JobKind> = (payload: JobPayloads[K]) => Promise<void>;

/**
 * Slow or external work (mail, clean-ups) as rows in the database: it never blocks a request,
 * survives a restart, is retried with growing delays, and several instances share the queue
 * (each claims rows with SKIP LOCKED).
 */
export interface Jobs {
  /** Handles jobs of this kind (one handler per kind). */
  handle<K extends JobKind>(kind: K, handler: JobHandler<K>, opts?: { maxAttempts?: number }): void;
  /** Work to repeat every `everyMs` (idempotent: with several instances each may run it). */
  every(kind: string, everyMs: number, task: () => Promise<void>): void;
  enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], opts?: { runAt?: Date; db?: DB }): Promise<number>;
  /** Runs what is due now (and periodic tasks that are due, or all of them with `periodic: 'all'`). */
  runDue(opts?: { periodic?: 'due' | 'all' | 'none' }): Promise<number>;
  start(pollMs: number): void;
  /**
   * Stops claiming (the poll, and a drain under way takes no further batch; jobs it claimed but has
   * not begun go back to the queue at once) and resolves once the jobs already running are done.
   */
  stop(): Promise<void>;
  /** Due jobs nobody has claimed, per kind, and how long the oldest has been due (the metrics' gauges). */
  queueStats(): Promise<{ kind: string; due: number; oldestAgeSeconds: number }[]>;
}

export const jobMigrations: Migration[] = [{
  name: '004_jobs',
  async up(db) {
    await sql`CREATE TABLE kernel_jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_error text,
      done_at timestamptz,
      failed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    await sql`CREATE INDEX kernel_jobs_due ON kernel_jobs (run_at) WHERE done_at IS NULL AND failed_at IS NULL`.execute(db);
  },
}];

const BATCH = 10;
const LOCK_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min … capped at 1 h. */
export const retryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export function dbJobs(db: DB, clock: Clock, log: Logger, opts: { metrics?: Pick<Metrics, 'counter'> } = {}): Jobs {
  const runs = opts.metrics?.counter({ name: 'jobs_runs_total', help: 'Job runs on this instance, by kind and result (done, retry, failed: given up)', labelNames: ['kind', 'result'] as const });
  const handlers = new Map<string, { fn: (payload: unknown) => Promise<void>; maxAttempts: number }>();
  const periodic = new Map<string, { everyMs: number; task: () => Promise<void>; lastRun: number }>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let chain: Promise<number> = Promise.resolve(0);
  let waiting: Promise<number> | null = null;
  let stopping = false;

  const claim = async () => {
    const now = clock.now();
    const kinds = [...handlers.keys()];
    if (!kinds.length) return [];
    const { rows } = await sql<{ id: number; kind: string; payload: unknown; attempts: number }>`
      UPDATE kernel_jobs SET locked_until = ${new Date(now.getTime() + LOCK_MS)}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM kernel_jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}
          AND (locked_until IS NULL OR locked_until < ${now}) AND kind IN (${sql.join(kinds)})
        ORDER BY run_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts`.execute(db);
    return rows;
  };

  const runOne = async (job: { id: number; kind: string; payload: unknown; attempts: number }) => {
    const h = handlers.get(job.kind)!;
    const payload: unknown = typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload;
    try {
      // Its log lines carry the job's id as their request id.
      await withRequestId(`job-${job.id}`, () => h.fn(payload));
      await db.updateTable('kernel_jobs').set({ done_at: clock.now(), locked_until: null, last_error: null }).where('id', '=', job.id).execute();
      runs?.inc({ kind: job.kind, result: 'done' });
    } catch (err) {
      const attempts = Number(job.attempts);
      const give = attempts >= h.maxAttempts;
      runs?.inc({ kind: job.kind, result: give ? 'failed' : 'retry' });
      log.warn({ err, job: job.id, kind: job.kind, attempts }, give ? 'job failed for good' : 'job failed, will retry');
      await db.updateTable('kernel_jobs').set({
        locked_until: null,
        last_error: String((err as Error)?.message ?? err).slice(0, 1000),
        run_at: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        ...(give ? { failed_at: clock.now() } : {}),
      }).where('id', '=', job.id).execute();
    }
  };

  // Claimed but not begun when the instance stops: back in the queue for another instance now,
  // not after the lock's 5 minutes, and the claim does not count as an attempt.
  const release = (ids: number[]) => db.updateTable('kernel_jobs').set({ locked_until: null, attempts: sql`attempts - 1` })
    .where('id', 'in', ids).where('done_at', 'is', null).execute();

  const drain = async (mode: 'due' | 'all' | 'none') => {
    let done = 0;
    for (const [kind, p] of periodic) {
      if (stopping) break;
      const now = clock.now().getTime();
      if (mode === 'all' || (mode === 'due' && now - p.lastRun >= p.everyMs)) {
        p.lastRun = now;
        await p.task().catch((err) => log.warn({ err, kind }, 'periodic task failed'));
      }
    }
    while (!stopping) {
      const batch = await claim();
      if (!batch.length) break;
      for (const [i, job] of batch.entries()) {
        if (stopping) {
          await release(batch.slice(i).map((j) => j.id));
          break;
        }
        await runOne(job);
        done++;
      }
    }
    return done;
  };

  const jobs: Jobs = {
    handle(kind, fn, opts = {}) {
      // The payload was queued by enqueue() with the same kind, so it is that kind's.
      handlers.set(kind, { fn: (payload) => fn(payload as Parameters<typeof fn>[0]), maxAttempts: opts.maxAttempts ?? 8 });
    },
    every(kind, everyMs, task) {
      periodic.set(kind, { everyMs, task, lastRun: clock.now().getTime() });
    },
    async enqueue(kind, payload, opts = {}) {
      const row = await (opts.db ?? db).insertInto('kernel_jobs')
        .values({ kind, payload: JSON.stringify(payload), run_at: opts.runAt ?? clock.now() })
        .returning('id').executeTakeFirstOrThrow();
      // This instance picks new work up at once instead of at its next poll.
      if (timer) setTimeout(() => void jobs.runDue({ periodic: 'none' }).catch(() => {}), 5);
      return Number(row.id);
    },
    runDue(opts = {}) {
      const mode = opts.periodic ?? 'due';
      // Drains run one after another per process; a poll or kick while one waits joins the waiting one.
      if (waiting && mode !== 'all') return waiting;
      const next = chain.then(() => { if (waiting === next) waiting = null; return drain(mode); });
      chain = next.catch(() => 0);
      if (mode !== 'all') waiting = next;
      return next;
    },
    start(pollMs) {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => void jobs.runDue().catch((err) => log.warn({ err }, 'job poll failed')), pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
    async queueStats() {
      const now = clock.now();
      const { rows } = await sql<{ kind: string; due: number; oldest: Date | string }>`
        SELECT kind, count(*) AS due, min(run_at) AS oldest FROM kernel_jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
        GROUP BY kind`.execute(db);
      return rows.map((r) => ({ kind: r.kind, due: Number(r.due), oldestAgeSeconds: Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000) }));
    },
  };
  return jobs;
}
