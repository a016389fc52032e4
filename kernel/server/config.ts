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
  /**
   * Test-only routes that move the clock, run jobs and grant credits: only with TEST_HOOKS=1, never
   * in production, and only when the server listens on a loopback host (each request must also
   * come from a loopback address, see test-hooks.ts).
   */
  testHooks: boolean;
  /** STRICT_HOSTS=1: a request whose Host is no configured domain gets 421 instead of the default site. */
  strictHosts: boolean;
  production: boolean;
  seedDemo: boolean;
  seedProfiles: number;
  /** SEED_WAIT=1: seed all demo data before listening (end-to-end runs); otherwise the first profiles, the rest in the background. */
  seedWait: boolean;
  sitesFile: string;
  distDir: string;
  trustProxy: boolean;
  logLevel: string;
  /**
   * Every JSON answer is checked against its endpoint's contract (a mismatch is a 500 naming the
   * field): always under NODE_ENV=test, with CHECK_RESPONSES=1 elsewhere (the end-to-end run), never in production.
   */
  checkResponses: boolean;
}

/** A host name or address to listen on that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** A peer address (socket.remoteAddress) on this machine: 127.0.0.0/8 or ::1, also IPv4-mapped. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const host = env.HOST ?? '0.0.0.0';
  return {
    port: Number(env.PORT ?? 3000),
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'flirt:',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    jobsPollMs: Number(env.JOBS_POLL_MS ?? 1000),
    mailEventsToken: env.MAIL_EVENTS_TOKEN || undefined,
    testHooks: !production && env.TEST_HOOKS === '1' && isLoopbackHost(host),
    strictHosts: env.STRICT_HOSTS === '1',
    rateLimitFactor: Math.max(1, Number(env.RATE_LIMIT_FACTOR ?? 1) || 1),
    production,
    checkResponses: !production && (env.NODE_ENV === 'test' || env.CHECK_RESPONSES === '1'),
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
