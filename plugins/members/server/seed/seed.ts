import type { Kernel, SeedOptions } from '../../../../kernel/server/plugin.ts';
import type { AnyDB } from '../../../../kernel/server/db.ts';
import type { AuthService } from '../../../auth/server.ts';
import { photoFiles, storeRenditions } from '../images.ts';
import { blurRenditions } from '../photos.ts';
import { GEO } from './geo.ts';
import { renderPortrait } from './portrait.ts';
import { seedProfile, type SeedProfile } from './profiles.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'flirt-demo-2026';
const BATCH = 100;
const RENDER_CONCURRENCY = 4;

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }));
  return out;
}

async function writePortrait(kernel: Kernel, p: SeedProfile, index: number, suffix = '') {
  const key = `seed/${p.key}${suffix}`;
  if (await kernel.storage.exists(photoFiles(key).blurThumb)) return key;
  const img = await renderPortrait({ seed: index, gender: p.gender, age: p.age, hair: p.hair_color, eyes: p.eye_color, body: p.body_type });
  await storeRenditions(kernel.storage, key, { ...img, ...(await blurRenditions(img.full)) });
  return key;
}

/** Every second demo member has a second photo, so the blur for free members shows in the demo. */
async function writePortraits(kernel: Kernel, p: SeedProfile, index: number) {
  const keys = [await writePortrait(kernel, p, index)];
  if (index % 2 === 1) keys.push(await writePortrait(kernel, p, index + 100_000, '-2'));
  return keys;
}

async function insertProfile(db: AnyDB, userId: number, p: SeedProfile, photoKeys: string[]) {
  await db.insertInto('profiles').values({
    user_id: userId, name: p.name, gender: p.gender, sexuality: p.sexuality, birthdate: p.birthdate,
    country: p.country, region: p.region, city: p.city, hair_color: p.hair_color, eye_color: p.eye_color,
    body_type: p.body_type, relationship_status: p.relationship_status, tattoos: p.tattoos,
    signup_reason: p.signup_reason, interests: p.interests, about: p.about, status: 'active', seed_key: p.key,
  }).execute();
  await db.insertInto('photos').values(photoKeys.map((file_key, i) => ({ user_id: userId, file_key, status: 'approved', is_main: i === 0, position: i }))).execute();
}

/** Demo data: `opts.profiles` generated members with portraits, plus the demo member. Idempotent. */
export async function seedMembers(kernel: Kernel, opts: SeedOptions) {
  if (!opts.demo) return;
  const { db } = kernel;
  const auth = kernel.services.get<AuthService>('auth');
  const existing = new Set((await db.selectFrom('profiles').select('seed_key').where('seed_key', 'is not', null).execute()).map((r) => r.seed_key));
  for (let start = 0; start < opts.profiles; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, opts.profiles - start) }, (_, k) => start + k)
      .filter((i) => !existing.has(`demo-${i}`));
    if (!batch.length) continue;
    const profiles = batch.map(seedProfile);
    const keys = await mapLimit(profiles, RENDER_CONCURRENCY, (p) => writePortraits(kernel, p, Number(p.key.slice(5))));
    await db.transaction().execute(async (trx) => {
      for (const [k, p] of profiles.entries()) {
        const userId = await auth.createAccount({
          email: `${p.key}@members.invalid`, status: 'active',
          signup_date: new Date(Date.now() - p.signupDaysAgo * 86400_000),
        }, trx);
        await trx.updateTable('users').set({ last_seen: new Date(Date.now() - p.lastSeenMinutesAgo * 60_000) }).where('id', '=', userId).execute();
        await insertProfile(trx, userId, p, keys[k]);
      }
    });
    kernel.log.info({ seeded: start + batch.length, of: opts.profiles }, 'demo profiles');
  }
  await seedDemoMember(kernel, auth);
}

async function seedDemoMember(kernel: Kernel, auth: AuthService) {
  const { db } = kernel;
  const found = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (found) return;
  const gb = GEO.find((c) => c.code === 'GB')!;
  const region = gb.regions.find((r) => r.cities.includes('London')) ?? gb.regions[0];
  const p: SeedProfile = {
    ...seedProfile(0), key: 'demo-member', name: 'Alex', gender: 'male', sexuality: 'hetero', age: 34,
    birthdate: '1992-05-14', country: 'GB', region: region.code, city: region.cities.includes('London') ? 'London' : region.cities[0],
    hair_color: 'brown', eye_color: 'blue', body_type: 'normal', relationship_status: 'single', tattoos: 'some',
    signup_reason: 'relationship', interests: ['travelling', 'coffee', 'hiking', 'music', 'cooking'],
    about: 'Coffee first, then adventures. Show me your favourite spot in town.',
  };
  const key = [await writePortrait(kernel, p, 424242)];
  await db.transaction().execute(async (trx) => {
    const userId = await auth.createAccount({ email: DEMO_EMAIL, password: DEMO_PASSWORD, status: 'active', credits: 10, language: null }, trx);
    await insertProfile(trx, userId, p, key);
  });
  kernel.log.info({ email: DEMO_EMAIL }, 'demo member created');
}
