import { sql } from 'kysely';
import type { Kernel, SeedOptions } from '../../../../kernel/server/plugin.ts';
import type { AnyDB } from '../../../../kernel/server/db.ts';
import type { AuthService } from '../../../auth/server.ts';
import { portraitKeys } from './portraits.ts';
import { demoMemberProfile, seedProfile, type SeedProfile } from './profiles.ts';

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

async function insertProfile(db: AnyDB, userId: number, p: SeedProfile) {
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
async function present(db: AnyDB, keys: string[]) {
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
      await trx.updateTable('users').set({ last_seen: new Date(now - p.lastSeenMinutesAgo * 60_000) }).where('id', '=', userId).execute();
      await insertProfile(trx, userId, p);
    }
    return profiles.length;
  });
}

/**
 * Demo data: `opts.profiles` generated members, plus the demo member. Idempotent, and resumable:
 * a start interrupted half-way adds only what is missing next time.
 * With `opts.upTo` only the first `upTo` profiles and the demo member are made (what the first pages
 * need, before the server listens); a later call without it adds the rest in small batches, stopping
 * between two batches when `opts.signal` aborts. Returns how many rows it added.
 */
export async function seedMembers(kernel: Kernel, opts: SeedOptions): Promise<number> {
  if (!opts.demo) return 0;
  const auth = kernel.services.get<AuthService>('auth');
  const first = Math.min(opts.profiles, opts.upTo ?? opts.profiles);
  let added = await seedProfiles(kernel, auth, 0, first, opts);
  added += await seedDemoMember(kernel, auth);
  if (opts.upTo === undefined) added += await seedProfiles(kernel, auth, first, opts.profiles, opts);
  return added;
}

async function seedProfiles(kernel: Kernel, auth: AuthService, from: number, to: number, opts: SeedOptions) {
  if (from >= to) return 0;
  // One read of what exists, so a finished seed costs one query on every later start.
  const rows = await kernel.db.selectFrom('profiles').select('seed_key').where('seed_key', 'like', 'demo-%').execute();
  const existing = new Set(rows.map((r) => r.seed_key));
  let added = 0;
  let logged = 0;
  for (let start = from; start < to; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, to - start) }, (_, k) => start + k).filter((i) => !existing.has(`demo-${i}`));
    if (!batch.length) continue;
    if (opts.signal?.aborted) break;
    added += await seedBatch(kernel, auth, batch);
    const done = start + Math.min(BATCH, to - start);
    if (done - logged >= 500 || done === to) {
      kernel.log.info({ seeded: done, of: opts.profiles }, `seeding demo members ${done}/${opts.profiles}`);
      logged = done;
    }
    // Let requests that queued for the database during this batch go first.
    if (opts.signal) await new Promise((r) => setImmediate(r));
  }
  return added;
}

async function seedDemoMember(kernel: Kernel, auth: AuthService) {
  const { db } = kernel;
  const p = demoMemberProfile();
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const found = await trx.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
    if (found) return false;
    const userId = await auth.createAccount({ email: DEMO_EMAIL, password: DEMO_PASSWORD, status: 'active', credits: 10, language: null }, trx);
    await insertProfile(trx, userId, p);
    return true;
  });
  if (created) kernel.log.info({ email: DEMO_EMAIL }, 'demo member created');
  return created ? 1 : 0;
}
