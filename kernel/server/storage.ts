import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.ts';

/**
 * Files on local disk under DATA_DIR/uploads. Nothing there is public: a file is reachable only
 * through a signed, expiring URL (`/media/<key>?e=…&s=…`) that the server hands out after its own
 * access check, so knowing or guessing a file name gives nothing.
 */
export interface Storage {
  root: string;
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A signed URL to the file, valid for at least an hour (at most two: stable within the hour for caching). */
  url(key: string): string;
  /** The file's path on disk when `e` and `s` sign `key` and have not expired; else null. */
  verify(key: string, e: string, s: string): string | null;
  /** Sets the signing key (a server-made secret shared by every instance). */
  useKey(secret: string): void;
  /**
   * The file's bytes, or null when it does not exist. A missing file whose key starts with a
   * prefix given to `onMissing` is first made by that maker (e.g. demo pictures drawn on their
   * first request and kept on disk), so the kernel need not know what the files are.
   */
  read(key: string): Promise<Buffer | null>;
  /** Registers who can make missing files under `prefix`: the maker returns the file's bytes (storing them itself) or null. */
  onMissing(prefix: string, make: (key: string) => Promise<Buffer | null>): void;
}

const HOUR = 3600;
export const MEDIA_PREFIX = '/media/';

export function localStorage(dataDir: string, clock: Clock): Storage {
  const root = path.join(dataDir, 'uploads');
  let secret: Buffer | null = null;
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  const sign = (key: string, exp: number) => {
    if (!secret) throw new Error('storage signing key not set');
    return crypto.createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);
  };
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const makers: { prefix: string; make: (key: string) => Promise<Buffer | null> }[] = [];
  return {
    root,
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Written aside and renamed: a reader (another request, another instance) never sees half a file.
      const tmp = `${full}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full).catch(async (err) => {
        await fs.rm(tmp, { force: true });
        throw err;
      });
    },
    async exists(key) {
      return fs.access(resolve(key)).then(() => true, () => false);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url(key) {
      const exp = (Math.floor(nowSeconds() / HOUR) + 2) * HOUR;
      return `${MEDIA_PREFIX}${key}?e=${exp}&s=${sign(key, exp)}`;
    },
    verify(key, e, s) {
      const exp = Number(e);
      if (!/^\d{1,12}$/.test(e) || exp < nowSeconds() || typeof s !== 'string') return null;
      const want = Buffer.from(sign(key, exp));
      const got = Buffer.from(s);
      if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
      try { return resolve(key); } catch { return null; }
    },
    useKey(value) {
      secret = Buffer.from(value, 'hex');
    },
    async read(key) {
      const full = resolve(key);
      const data = await fs.readFile(full).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
        throw err;
      });
      if (data) return data;
      const maker = makers.find((m) => key.startsWith(m.prefix));
      return maker ? maker.make(key) : null;
    },
    onMissing(prefix, make) {
      makers.push({ prefix, make });
    },
  };
}
