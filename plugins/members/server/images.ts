import type { Storage } from '../../../kernel/server/storage.ts';
import type { ProfileImage } from '../contract.ts';
import type { Renditions } from './photos.ts';

/** A photo is stored as files sharing one key: full, thumb, a square "match" crop and two blurred copies. */
export const photoFiles = (key: string) => ({
  full: `${key}-full.jpg`, thumb: `${key}-thumb.jpg`, match: `${key}-match.jpg`,
  blur: `${key}-blur.jpg`, blurThumb: `${key}-blurthumb.jpg`,
});

export async function storeRenditions(storage: Storage, key: string, r: Renditions) {
  const f = photoFiles(key);
  await Promise.all((Object.keys(f) as (keyof typeof f)[]).map((k) => storage.put(f[k], r[k])));
}

export async function removeRenditions(storage: Storage, key: string) {
  await Promise.all(Object.values(photoFiles(key)).map((k) => storage.remove(k)));
}

/**
 * What a viewer may see of one photo:
 * - `full`: the member themself and premium viewers;
 * - `main`: anyone else looking at a main photo: its thumbnail and square crop, the large one blurred;
 * - `locked`: anyone else looking at another photo: only blurred copies.
 */
export type PhotoAccess = 'full' | 'main' | 'locked';

export interface PhotoRow { id: number; file_key: string; status: string; is_main: boolean }

export function imageView(storage: Storage, cdnPrefix: string, p: PhotoRow, access: PhotoAccess): ProfileImage {
  const f = photoFiles(p.file_key);
  const url = (k: string) => cdnPrefix + storage.url(k);
  const status = p.status === 'approved' ? 'approved' : 'pending';
  if (access === 'full') {
    return { id: p.id, filename: url(f.full), thumb_filename: url(f.thumb), match: url(f.match), status, is_main: p.is_main, locked: false };
  }
  if (access === 'main') {
    return { id: p.id, filename: url(f.blur), thumb_filename: url(f.thumb), match: url(f.match), status, is_main: p.is_main, locked: true };
  }
  return { id: p.id, filename: url(f.blur), thumb_filename: url(f.blurThumb), match: url(f.blurThumb), status, is_main: p.is_main, locked: true };
}

/** The access rule in one place. */
export function photoAccess(viewer: { id: number | null; premium: boolean }, ownerId: number, isMain: boolean): PhotoAccess {
  if (viewer.id === ownerId || viewer.premium) return 'full';
  return isMain ? 'main' : 'locked';
}
