/**
 * Whether this instance should get traffic, apart from whether it is alive: GET /api/health says
 * the process answers (a liveness probe: restart it if not); GET /api/ready says the balancer may
 * send it requests: its database and Redis answer, migrations ran and the plugins started, and it
 * is not draining. On SIGTERM it drains (shutdown.ts): ready answers 503 at once, without asking
 * anything, so the balancer takes it out before the listener closes.
 */
export interface Lifecycle {
  /** Migrations ran and every plugin started (set at the end of buildApp). */
  readonly started: boolean;
  /** Stopping: /api/ready answers 503, no job is claimed, no new socket opened. */
  readonly draining: boolean;
  markStarted(): void;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let started = false;
  let draining = false;
  return {
    get started() { return started; },
    get draining() { return draining; },
    markStarted() { started = true; },
    drain() { draining = true; },
  };
}

/** What /api/ready answers: each part, and `ready` when all of them are fine (null: not asked, or no Redis configured). */
export interface Readiness {
  ready: boolean;
  draining: boolean;
  migrations: boolean;
  database: boolean | null;
  redis: boolean | null;
}

/** A check that hangs (a database that stopped answering) counts as failed after this long. */
export const READY_CHECK_MS = 2000;

const within = async (check: () => Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([check().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
};

export async function readiness(lifecycle: Lifecycle, checks: { database: () => Promise<unknown>; redis?: () => Promise<unknown> }, ms = READY_CHECK_MS): Promise<Readiness> {
  // Draining answers at once: the balancer must see it go down now, whatever the database does.
  if (lifecycle.draining) return { ready: false, draining: true, migrations: lifecycle.started, database: null, redis: null };
  const [database, redis] = await Promise.all([within(checks.database, ms), checks.redis ? within(checks.redis, ms) : null]);
  return { ready: lifecycle.started && database && redis !== false, draining: false, migrations: lifecycle.started, database, redis };
}
