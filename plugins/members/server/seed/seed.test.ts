import { Writable } from 'node:stream';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../kernel/server/testing.ts';
import { runSeeds, seedInBackground } from '../../../../kernel/server/seed.ts';
import { serverPlugins } from '../../../server.ts';
import type { Kernel, SeedOptions } from '../../../../kernel/server/plugin.ts';
import { photoFiles } from '../images.ts';
import { DEMO_EMAIL, seedMembers, seedOrder, seedTuning } from './seed.ts';
import { drawDemoPhoto } from './portraits.ts';
import membersServer from '../../server.ts';

let t: TestApp;
beforeAll(async () => {
  seedTuning.warmPortraits = 4;
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

/** The kernel with a logger whose lines the test can read. */
function withLog(): { kernel: Kernel; lines: { msg: string; seeded?: number; of?: number }[] } {
  const lines: { msg: string }[] = [];
  const sink = new Writable({ write(chunk, _enc, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
  return { kernel: { ...t.kernel, log: pino({ level: 'info' }, sink) }, lines };
}

const demoProfiles = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM profiles WHERE seed_key LIKE 'demo-%' AND seed_key <> 'demo-member'`.execute(t.kernel.db)).rows[0].n);
const demoMembers = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM users WHERE email = ${DEMO_EMAIL}`.execute(t.kernel.db)).rows[0].n);

describe('demo seeding in two steps', () => {
  it('makes the demo member and the first profiles before the server listens, the rest in the background with progress lines', async () => {
    const opts = { demo: true, profiles: 125 };
    await runSeeds(t.kernel, serverPlugins, { ...opts, upTo: 30 });
    expect(await demoProfiles()).toBe(30);
    // The first ones are the most recently active: the profiles the search's first pages show.
    const firstKeys = await t.kernel.db.selectFrom('profiles').select('seed_key').where('seed_key', 'like', 'demo-%').where('seed_key', '<>', 'demo-member').execute();
    expect(firstKeys.map((r) => r.seed_key).sort()).toEqual(seedOrder(125).slice(0, 30).map((i) => `demo-${i}`).sort());
    expect(await demoMembers()).toBe(1);
    const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: DEMO_EMAIL, password: 'flirt-demo-2026' } });
    expect(login.statusCode).toBe(200);

    const { kernel, lines } = withLog();
    const seeding = seedInBackground(kernel, serverPlugins, opts);
    let finished = false;
    void seeding.done.then(() => { finished = true; });
    // A request made while the background seed runs is answered before it ends (batches are small).
    const search = await t.call({ method: 'GET', url: '/api/members.php?page=1' });
    expect(search.statusCode).toBe(200);
    expect(finished).toBe(false);
    await seeding.done;

    expect(await demoProfiles()).toBe(125);
    expect(await demoMembers()).toBe(1);
    expect(lines.map((l) => l.msg)).toContain('seeding demo members 125/125');
    expect(lines.find((l) => l.msg === 'seeding demo members 125/125')).toMatchObject({ seeded: 125, of: 125 });
    expect(lines.map((l) => l.msg)).toContain('analyzed');
    expect(lines.map((l) => l.msg)).toContain('demo data complete');
    // Before the rest, the background seed drew the main photos of the first pages.
    expect(lines.map((l) => l.msg)).toContain('demo portraits of the first pages drawn (4)');
    for (const i of seedOrder(125).slice(0, 4)) {
      expect(await t.kernel.storage.exists(photoFiles(`seed/demo-${i}`).thumb)).toBe(true);
    }
    // Every profile has its main photo row; every second one a second photo.
    const photos = await sql<{ n: number }>`SELECT count(*) AS n FROM photos ph JOIN profiles p ON p.user_id = ph.user_id WHERE p.seed_key LIKE 'demo-%' AND p.seed_key <> 'demo-member'`.execute(t.kernel.db);
    expect(Number(photos.rows[0].n)).toBe(125 + 62);
  });

  it('is idempotent: seeding again adds nothing and does not analyze again', async () => {
    const { kernel, lines } = withLog();
    expect(await runSeeds(kernel, serverPlugins, { demo: true, profiles: 125 }, { analyze: true })).toBe(0);
    expect(await demoProfiles()).toBe(125);
    expect(await demoMembers()).toBe(1);
    expect(lines.map((l) => l.msg)).not.toContain('analyzed');
  });

  it('stops between two batches when aborted, and the next start adds exactly what is missing', async () => {
    // A signal that reads as aborted from the seventh check on: the warm-up (4 portraits) and two
    // batches pass, then it stops (the batches are partial: the first 125 profiles exist already).
    let checks = 0;
    const signal = { get aborted() { return ++checks > 6; } } as AbortSignal;
    const added = await seedMembers(t.kernel.forPlugin(membersServer), { demo: true, profiles: 300, signal } satisfies SeedOptions);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(50);
    expect(await demoProfiles()).toBe(125 + added);

    const seeding = seedInBackground(t.kernel, serverPlugins, { demo: true, profiles: 300 });
    await seeding.done;
    expect(await demoProfiles()).toBe(300);
    const keys = await t.kernel.db.selectFrom('profiles').select('seed_key').where('seed_key', 'like', 'demo-%').execute();
    expect(new Set(keys.map((k) => k.seed_key)).size).toBe(keys.length);
  });

  it('stop() waits for the running batch and leaves the rest for the next start', async () => {
    const seeding = seedInBackground(t.kernel, serverPlugins, { demo: true, profiles: 2000 });
    await new Promise((r) => setTimeout(r, 50));
    await seeding.stop();
    const n = await demoProfiles();
    expect(n).toBeGreaterThanOrEqual(300);
    expect(n).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await demoProfiles()).toBe(n); // nothing runs on after stop()
  });
});

describe('demo portraits drawn on first request', () => {
  const mainPhoto = async (seedKey: string) => t.kernel.db.selectFrom('photos as ph').innerJoin('profiles as p', 'p.user_id', 'ph.user_id')
    .select(['ph.file_key']).where('p.seed_key', '=', seedKey).where('ph.is_main', '=', true).executeTakeFirstOrThrow();

  it('seeds photo rows without files; the first request draws the picture, stores every rendition and later requests read the file', async () => {
    const seedKey = `demo-${seedOrder(125).slice(5).find((i) => i % 2 === 0)}`; // not among the warmed ones
    const { file_key } = await mainPhoto(seedKey);
    expect(file_key).toBe(`seed/${seedKey}`);
    const files = photoFiles(file_key);
    const stored = async () => Promise.all(Object.values(files).map((k) => t.kernel.storage.exists(k)));
    expect((await stored()).some(Boolean)).toBe(false);

    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: t.kernel.storage.url(files.thumb) }),
      t.app.inject({ method: 'GET', url: t.kernel.storage.url(files.thumb) }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/jpeg');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    // The same picture as the seed always drew for this member.
    const drawn = (await drawDemoPhoto(file_key))!;
    expect(a.rawPayload.equals(drawn.thumb)).toBe(true);
    expect((await stored()).every(Boolean)).toBe(true);

    // From now on the stored file is served (it is not drawn again).
    const marker = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x42]);
    await t.kernel.storage.put(files.blur, marker);
    const again = await t.app.inject({ method: 'GET', url: t.kernel.storage.url(files.blur) });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(marker)).toBe(true);
  });

  it('draws the second photo and the demo member\'s photo too', async () => {
    const second = photoFiles('seed/demo-7-2').blurThumb;
    const res = await t.app.inject({ method: 'GET', url: t.kernel.storage.url(second) });
    expect(res.statusCode).toBe(200);
    const member = photoFiles('seed/demo-member').match;
    expect((await t.app.inject({ method: 'GET', url: t.kernel.storage.url(member) })).statusCode).toBe(200);
  });

  it('draws nothing for a key no photo row has (deleted or never seeded), nor without a valid signature', async () => {
    const stray = photoFiles('seed/demo-99999').full; // no such profile
    const even = photoFiles('seed/demo-8-2').full;   // even members have one photo only
    for (const k of [stray, even]) {
      const res = await t.app.inject({ method: 'GET', url: t.kernel.storage.url(k) });
      expect(res.statusCode).toBe(404);
      expect(await t.kernel.storage.exists(k)).toBe(false);
    }
    const unsigned = await t.app.inject({ method: 'GET', url: `/media/${photoFiles('seed/demo-9').full}` });
    expect(unsigned.statusCode).toBe(403);
    expect(await t.kernel.storage.exists(photoFiles('seed/demo-9').full)).toBe(false);
  });

  it('search answers list the seeded photos at once, and their links work', async () => {
    const res = await t.call({ method: 'GET', url: '/api/members.php?page=1' });
    expect(res.statusCode).toBe(200);
    const withPhoto = res.json().profiles.find((p: { main_image: { thumb_filename: string } | null }) => p.main_image);
    const img = await t.app.inject({ method: 'GET', url: withPhoto.main_image.thumb_filename });
    expect(img.statusCode).toBe(200);
  });
});
