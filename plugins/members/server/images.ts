import type { Storage } from '../../../kernel/server/storage.ts';
import type { ProfileImage } from '../contract.ts';

/** A photo is stored as three files sharing one key: full, thumb and a square "match" crop. */
export const photoFiles = (key: string) => ({ full: `${key}-full.jpg`, thumb: `${key}-thumb.jpg`, match: `${key}-match.jpg` });

export function imageView(storage: Storage, cdnPrefix: string, key: string, status: string): ProfileImage {
  const f = photoFiles(key);
  return {
    filename: cdnPrefix + storage.url(f.full),
    thumb_filename: cdnPrefix + storage.url(f.thumb),
    match: cdnPrefix + storage.url(f.match),
    status: status === 'approved' ? 'approved' : 'pending',
  };
}
