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
  /** METRICS_ALLOW: addresses and CIDR ranges that may read /metrics (default: loopback only; kernel/server/metrics-http.ts). */
  metricsAllow: string[];
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, how long /api/ready answers 503 before sockets and the listener close (the balancer's time to notice). */
  shutdownDrainMs: number;
  /** SHUTDOWN_TIMEOUT_MS: a shutdown not done by then exits anyway (code 1), as does a second SIGTERM. */
  shutdownTimeoutMs: number;
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
  /** Where photos are kept: local disk (DATA_DIR/uploads) or an S3-compatible bucket (STORAGE=s3). */
  storage: StorageConfig;
}

export type StorageConfig = { kind: 'local' } | S3Config;

export interface S3Config {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2…); absent = Amazon S3 itself. */
  endpoint?: string;
  /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: most S3-compatible services want it. */
  forcePathStyle: boolean;
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

/** A duration in ms from the environment: a whole number, else the default. */
const msFrom = (v: string | undefined, fallback: number) => (v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v) : fallback);

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
    metricsAllow: env.METRICS_ALLOW?.trim() ? env.METRICS_ALLOW.split(',').map((s) => s.trim()).filter(Boolean) : ['127.0.0.0/8', '::1'],
    shutdownDrainMs: msFrom(env.SHUTDOWN_DRAIN_MS, 5000),
    shutdownTimeoutMs: msFrom(env.SHUTDOWN_TIMEOUT_MS, 30_000),
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
    storage: readStorageConfig(env),
  };
}

/** STORAGE and S3_*; a setting that cannot work stops the start with a message naming the variable. */
export function readStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE || 'local').trim().toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE=${env.STORAGE} is not a storage: use "local" (the default, DATA_DIR/uploads) or "s3"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET (the bucket that holds the photos)');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET=${bucket} is not a valid bucket name (3-63 lower-case letters, digits, dots and hyphens)`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    let url: URL | null = null;
    try { url = new URL(endpoint); } catch { /* named below */ }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`S3_ENDPOINT=${endpoint} is not an http(s) URL (e.g. https://s3.example.com)`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (then the AWS SDK\'s own AWS_* variables or instance role apply)');
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE=${env.S3_FORCE_PATH_STYLE} must be 1 or 0`);
  return {
    kind: 's3', bucket, endpoint, accessKeyId, secretAccessKey,
    region: env.S3_REGION?.trim() || 'us-east-1',
    // S3-compatible services mostly serve buckets by path: the default with an endpoint.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : Boolean(endpoint),
  };
}
