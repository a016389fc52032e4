import fs from 'node:fs/promises';
import path from 'node:path';

/** Files on local disk under DATA_DIR/uploads, served at /uploads/. */
export interface Storage {
  root: string;
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  url(key: string): string;
}

export function localStorage(dataDir: string, publicPrefix = '/uploads/'): Storage {
  const root = path.join(dataDir, 'uploads');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  return {
    root,
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
    },
    async exists(key) {
      return fs.access(resolve(key)).then(() => true, () => false);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => publicPrefix + key,
  };
}
