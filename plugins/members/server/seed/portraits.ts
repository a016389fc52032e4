import type { Kernel } from '../../../../kernel/server/plugin.ts';
import { photoFiles, storeRenditions, type PhotoRow } from '../images.ts';
import { blurRenditions, type Renditions } from '../photos.ts';
import { renderPortrait, type PortraitSpec } from './portrait.ts';
import { demoMemberProfile, seedProfile, type SeedProfile } from './profiles.ts';

/**
 * Demo members' pictures are drawn on their first request, not at seeding time (7,500 portraits
 * took minutes): the seed only writes photo rows with keys `seed/<seed key>[-2]`, and the storage
 * asks `makeDemoPortrait` for a missing file under `seed/`. The drawing is deterministic, so the
 * key alone says what to draw; the files are then kept on disk like any upload.
 */
export const DEMO_PHOTO_PREFIX = 'seed/';

/** The photo keys of a demo profile: every second member has a second photo, so the blur for free viewers shows in the demo. */
export function portraitKeys(seedKey: string): string[] {
  const index = /^demo-(\d+)$/.exec(seedKey);
  const keys = [`${DEMO_PHOTO_PREFIX}${seedKey}`];
  if (index && Number(index[1]) % 2 === 1) keys.push(`${DEMO_PHOTO_PREFIX}${seedKey}-2`);
  return keys;
}

const spec = (p: SeedProfile, seed: number): PortraitSpec => ({ seed, gender: p.gender, age: p.age, hair: p.hair_color, eyes: p.eye_color, body: p.body_type });

/** What to draw for a demo photo key (`seed/demo-17`, `seed/demo-17-2`, `seed/demo-member`); null for any other key. */
export function portraitSpec(photoKey: string): PortraitSpec | null {
  if (photoKey === `${DEMO_PHOTO_PREFIX}demo-member`) return spec(demoMemberProfile(), 424242);
  const m = /^seed\/demo-(\d{1,7})(-2)?$/.exec(photoKey);
  if (!m) return null;
  const i = Number(m[1]);
  return spec(seedProfile(i), m[2] ? i + 100_000 : i);
}

/** Every rendition of one demo photo, as an upload would have them. */
export async function drawDemoPhoto(photoKey: string): Promise<Renditions | null> {
  const s = portraitSpec(photoKey);
  if (!s) return null;
  const img = await renderPortrait(s);
  return { ...img, ...(await blurRenditions(img.full)) };
}

/** The photo key and rendition a file name stands for (the names `photoFiles` gives). */
function parseFile(file: string): { photoKey: string; rendition: keyof Renditions } | null {
  const m = /^(seed\/demo-[a-z0-9]+(?:-2)?)-[a-z]+\.jpg$/.exec(file);
  if (!m || !portraitSpec(m[1])) return null;
  const names = photoFiles(m[1]);
  const rendition = (Object.keys(names) as (keyof typeof names)[]).find((k) => names[k] === file);
  return rendition ? { photoKey: m[1], rendition } : null;
}
/** Drawings at once: sharp works on libuv's thread pool, which file reads of other requests share. */
const CONCURRENCY = 2;

/**
 * The storage's maker for missing files under `seed/`: draws the photo when a demo photo row has that
 * key (so a deleted demo photo does not come back), stores all five renditions and returns the one
 * asked for. Concurrent requests for one photo share one drawing.
 */
export function demoPortraitMaker(kernel: Pick<Kernel, 'db' | 'storage' | 'log'>) {
  const drawing = new Map<string, Promise<Renditions | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const draw = async (photoKey: string) => {
    if (running >= CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      const r = await drawDemoPhoto(photoKey);
      if (r) await storeRenditions(kernel.storage, photoKey, r);
      return r;
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  return async (file: string): Promise<Buffer | null> => {
    const parsed = parseFile(file);
    if (!parsed) return null;
    const { photoKey } = parsed;
    let job = drawing.get(photoKey);
    if (!job) {
      const row: Pick<PhotoRow, 'id'> | undefined = await kernel.db.selectFrom('photos').select('id').where('file_key', '=', photoKey).executeTakeFirst();
      if (!row) return null;
      job = drawing.get(photoKey);
      if (!job) {
        const started = Date.now();
        job = draw(photoKey).finally(() => drawing.delete(photoKey));
        drawing.set(photoKey, job);
        void job.then(() => kernel.log.debug({ photo: photoKey, ms: Date.now() - started }, 'demo portrait drawn'), () => {});
      }
    }
    const r = await job;
    return r ? r[parsed.rendition] : null;
  };
}

/** Registers the maker with the kernel's storage (members plugin init). */
export function serveDemoPortraits(kernel: Pick<Kernel, 'db' | 'storage' | 'log'>) {
  kernel.storage.onMissing(DEMO_PHOTO_PREFIX, demoPortraitMaker(kernel));
}
