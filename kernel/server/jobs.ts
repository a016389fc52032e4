import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from './db.ts';
import type { Migration } from './migrations.ts';
import type { Clock } from './clock.ts';

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
  stop(): Promise<void>;
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

export function dbJobs(db: DB, clock: Clock, log: Logger): Jobs {
  const handlers = new Map<string, { fn: (payload: unknown) => Promise<void>; maxAttempts: number }>();
  const periodic = new Map<string, { everyMs: number; task: () => Promise<void>; lastRun: number }>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let chain: Promise<number> = Promise.resolve(0);
  let waiting: Promise<number> | null = null;

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
      await h.fn(payload);
      await db.updateTable('kernel_jobs').set({ done_at: clock.now(), locked_until: null, last_error: null }).where('id', '=', job.id).execute();
    } catch (err) {
      const attempts = Number(job.attempts);
      const give = attempts >= h.maxAttempts;
      log.warn({ err, job: job.id, kind: job.kind, attempts }, give ? 'job failed for good' : 'job failed, will retry');
      await db.updateTable('kernel_jobs').set({
        locked_until: null,
        last_error: String((err as Error)?.message ?? err).slice(0, 1000),
        run_at: new Date(clock.now().getTime() + retryDelayMs(attempts)),
        ...(give ? { failed_at: clock.now() } : {}),
      }).where('id', '=', job.id).execute();
    }
  };

  const drain = async (mode: 'due' | 'all' | 'none') => {
    let done = 0;
    for (const [kind, p] of periodic) {
      const now = clock.now().getTime();
      if (mode === 'all' || (mode === 'due' && now - p.lastRun >= p.everyMs)) {
        p.lastRun = now;
        await p.task().catch((err) => log.warn({ err, kind }, 'periodic task failed'));
      }
    }
    for (;;) {
      const batch = await claim();
      if (!batch.length) break;
      for (const job of batch) await runOne(job);
      done += batch.length;
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
      timer = setInterval(() => void jobs.runDue().catch((err) => log.warn({ err }, 'job poll failed')), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
  return jobs;
}
