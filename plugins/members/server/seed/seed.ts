import { sql } from 'kysely';
import type { Kernel, PluginKernel, SeedOptions } from '../../../../kernel/server/plugin.ts';
import type { DB } from '../../../../kernel/server/db.ts';
import type { AuthService } from '../../../auth/server.ts';
import type { CreditsService } from '../../../credits/server.ts';
import { photoFiles } from '../images.ts';
import { portraitKeys } from './portraits.ts';
import { demoMemberProfile, seedProfile, type SeedProfile } from './profiles.ts';
import { accounts } from '../../../auth/server.ts';

/** The members plugin's kernel handle as seeding uses it: the accounts and credits services. */
export type SeedKernel = PluginKernel<{ auth: AuthService; credits: Pick<CreditsService, 'grant'> }>;

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'flirt-demo-2026';
/**
 * Profiles per transaction. PGlite is one connection running on the main thread: a batch holds it
 * (and the event loop, mostly) for its whole length, so batches stay small (~20–40 ms) and requests
 * arriving meanwhile get their turn between two batches.
 */
const BATCH = 25;
/** Makes concurrently starting instances (PostgreSQL) take turns instead of colliding on unique keys. */
const SEED_LOCK = 727273;

async function insertProfile(db: DB, userId: number, p: SeedProfile) {
  await db.insertInto('profiles').values({
    user_id: userId, name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate,
    country: p.country, region: p.region, city: p.city, hair_color: p.hair_color, eye_color: p.eye_color,
    body_type: p.body_type, relationship_status: p.relationship_status, tattoos: p.tattoos,
    signup_reason: p.signup_reason, interests: p.interests, about: p.about, status: 'active', seed_key: p.key,
  }).execute();
  // The picture files are drawn when first asked for (see portraits.ts), not here.
  await db.insertInto('photos').values(portraitKeys(p.key).map((file_key, i) => ({ user_id: userId, file_key, status: 'approved', is_main: i === 0, position: i }))).execute();
}

/** Which of these seed keys are already in the database. */
async function present(db: DB, keys: string[]) {
  if (!keys.length) return new Set<string>();
  const rows = await db.selectFrom('profiles').select('seed_key').where('seed_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.seed_key));
}

/** Adds the missing ones of demo profiles `indexes` in one transaction; returns how many it added. */
async function seedBatch(kernel: Kernel, auth: AuthService, indexes: number[]) {
  return kernel.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const have = await present(trx, indexes.map((i) => `demo-${i}`));
    const profiles = indexes.filter((i) => !have.has(`demo-${i}`)).map(seedProfile);
    const now = kernel.clock.now().getTime();
    for (const p of profiles) {
      const userId = await auth.createAccount({
        email: `${p.key}@members.invalid`, status: 'active', signup_date: new Date(now - p.signupDaysAgo * 86400_000),
      }, trx);
      await accounts.setLastSeen(trx, userId, new Date(now - p.lastSeenMinutesAgo * 60_000));
      await insertProfile(trx, userId, p);
    }
    return profiles.length;
  });
}

/**
 * The order profiles are seeded in: most recently active first. Search lists by last activity, so
 * the profiles made before the server listens are the ones its first pages show, and those pages
 * stay the same while the rest arrives. Deterministic for the same `n`.
 */
export function seedOrder(n: number): number[] {
  const minutes = Array.from({ length: n }, (_, i) => seedProfile(i).lastSeenMinutesAgo);
  return minutes.map((_, i) => i).sort((a, b) => minutes[a] - minutes[b] || a - b);
}

/** How many main photos the background seed draws ahead of the first visitors (the search's first pages); tests lower it. */
export const seedTuning = { warmPortraits: 200 };

/**
 * Demo data: `opts.profiles` generated members, plus the demo member. Idempotent, and resumable:
 * a start interrupted half-way adds only what is missing next time.
 * With `opts.upTo` only the first `upTo` profiles (in `seedOrder`) and the demo member are made
 * (what the first pages need, before the server listens); a later call without it adds the rest in
 * small batches. With `opts.signal` (background seeding) it also draws the first pages' portraits
 * before the rest, and stops between two batches when the signal aborts. Returns how many rows it added.
 */
export async function seedMembers(kernel: SeedKernel, opts: SeedOptions): Promise<number> {
  if (!opts.demo) return 0;
  const { auth } = kernel.deps;
  const order = seedOrder(opts.profiles);
  if (opts.upTo !== undefined) {
    const added = await seedProfiles(kernel, auth, order, 0, Math.min(opts.upTo, opts.profiles), opts);
    return added + await seedDemoMember(kernel, auth);
  }
  if (opts.signal) await warmPortraits(kernel, order.slice(0, seedTuning.warmPortraits), opts.signal);
  const added = await seedProfiles(kernel, auth, order, 0, opts.profiles, opts);
  return added + await seedDemoMember(kernel, auth);
}

async function seedProfiles(kernel: Kernel, auth: AuthService, order: number[], from: number, to: number, opts: SeedOptions) {
  if (from >= to) return 0;
  // One read of what exists, so a finished seed costs one query on every later start.
  const rows = await kernel.db.selectFrom('profiles').select('seed_key').where('seed_key', 'like', 'demo-%').execute();
  const existing = new Set(rows.map((r) => r.seed_key));
  let added = 0;
  let logged = 0;
  for (let start = from; start < to; start += BATCH) {
    const batch = order.slice(start, Math.min(start + BATCH, to)).filter((i) => !existing.has(`demo-${i}`));
    if (!batch.length) continue;
    if (opts.signal?.aborted) break;
    added += await seedBatch(kernel, auth, batch);
    const done = Math.min(start + BATCH, to);
    if (done - logged >= 500 || done === to) {
      kernel.log.info({ seeded: done, of: opts.profiles }, `seeding demo members ${done}/${opts.profiles}`);
      logged = done;
    }
    // Let requests that queued for the database during this batch go first.
    if (opts.signal) await new Promise((r) => setImmediate(r));
  }
  return added;
}

/** Draws (through the storage, as a request would) the main photos of these profiles that exist but are not on disk yet, one at a time. */
async function warmPortraits(kernel: Kernel, indexes: number[], signal: AbortSignal) {
  const started = Date.now();
  let drawn = 0;
  for (const i of indexes) {
    if (signal.aborted) return;
    const thumb = photoFiles(portraitKeys(`demo-${i}`)[0]).thumb;
    if (await kernel.storage.exists(thumb)) continue;
    if (await kernel.storage.read(thumb)) drawn++;
  }
  if (drawn) kernel.log.info({ drawn, ms: Date.now() - started }, `demo portraits of the first pages drawn (${drawn})`);
}

async function seedDemoMember(kernel: SeedKernel, auth: AuthService) {
  const { db } = kernel;
  const p = demoMemberProfile();
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const found = await auth.findByEmail(DEMO_EMAIL, trx);
    if (found) return false;
    const userId = await auth.createAccount({ email: DEMO_EMAIL, password: DEMO_PASSWORD, status: 'active', language: null }, trx);
    await kernel.deps.credits.grant(userId, 10, 'demo', `demo:${userId}`, trx);
    await insertProfile(trx, userId, p);
    return true;
  });
  if (created) kernel.log.info({ email: DEMO_EMAIL }, 'demo member created');
  return created ? 1 : 0;
}
