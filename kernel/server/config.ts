import path from 'node:path';

/** Everything the server reads from the environment, in one typed place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys (tests isolate themselves with their own). */
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** How often each instance looks for due jobs (mail, clean-ups). */
  jobsPollMs: number;
  /** Shared secret of POST /api/mail-events.php (bounce and complaint reports); absent = endpoint off. */
  mailEventsToken?: string;
  /** Multiplies the per-address rate limits (end-to-end runs send everything from one address). */
  rateLimitFactor: number;
  /** Test-only routes that move the clock and run jobs (never in production). */
  testHooks: boolean;
  production: boolean;
  seedDemo: boolean;
  seedProfiles: number;
  /** SEED_WAIT=1: seed all demo data before listening (end-to-end runs); otherwise the first profiles, the rest in the background. */
  seedWait: boolean;
  sitesFile: string;
  distDir: string;
  trustProxy: boolean;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'flirt:',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    jobsPollMs: Number(env.JOBS_POLL_MS ?? 1000),
    mailEventsToken: env.MAIL_EVENTS_TOKEN || undefined,
    testHooks: !production && env.TEST_HOOKS === '1',
    rateLimitFactor: Math.max(1, Number(env.RATE_LIMIT_FACTOR ?? 1) || 1),
    production,
    // Demo members never appear in production unless explicitly asked for.
    seedDemo: production ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    seedProfiles: Number(env.SEED_PROFILES ?? 5000),
    seedWait: env.SEED_WAIT === '1',
    sitesFile: path.resolve(env.SITES_CONFIG ?? './config/sites.json'),
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
