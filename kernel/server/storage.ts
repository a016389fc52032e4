import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.ts';
import type { StorageConfig } from './config.ts';
import { s3Store } from './storage-s3.ts';

/**
 * Stored files (photos): on local disk under DATA_DIR/uploads by default, in an S3-compatible bucket
 * with STORAGE=s3 (every instance behind the balancer then sees the same files). Nothing stored is
 * public: a file is reachable only through a signed, expiring URL (`/media/<key>?e=…&s=…`) that the
 * server hands out after its own access check and serves itself, so knowing or guessing a key gives
 * nothing, and the access rules (blurred copies for free members…) stay in the app.
 */
export interface Storage {
  /** Which backend holds the files. */
  readonly kind: ObjectStore['kind'];
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A signed URL to the file, valid for at least an hour (at most two: stable within the hour for caching). */
  url(key: string): string;
  /** Whether `e` and `s` sign `key` and have not expired (and the key is a valid one). */
  verify(key: string, e: string, s: string): boolean;
  /** Sets the signing key (a server-made secret shared by every instance). */
  useKey(secret: string): void;
  /**
   * The file's bytes, or null when it does not exist. A missing file whose key starts with a
   * prefix given to `onMissing` is first made by that maker (e.g. demo pictures drawn on their
   * first request and stored), so the kernel need not know what the files are.
   */
  read(key: string): Promise<Buffer | null>;
  /** Registers who can make missing files under `prefix`: the maker returns the file's bytes (storing them itself) or null. */
  onMissing(prefix: string, make: (key: string) => Promise<Buffer | null>): void;
  /** Fails with a message naming what is wrong when the backend cannot be used (checked at start). */
  check(): Promise<void>;
  close(): void;
}

/** Where the bytes live: the part that differs between local disk and a bucket. Keys are checked before they get here. */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Stores the whole file at once: a reader never sees half of it. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  check(): Promise<void>;
  close(): void;
}

const HOUR = 3600;
export const MEDIA_PREFIX = '/media/';
const MAX_KEY = 512;

/**
 * Why `key` is not a storage key, or null when it is one: a relative path of non-empty segments,
 * none `.` or `..`, no backslash or control character. The same rule for every backend, so a key
 * that would escape the uploads folder on disk is refused by the bucket too.
 */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || !key) return 'empty';
  if (key.length > MAX_KEY) return 'too long';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key)) return 'has a backslash or control character';
  if (key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) return 'has an empty, "." or ".." segment';
  return null;
}

function checkKey(key: string): string {
  const problem = keyProblem(key);
  if (problem) throw new Error(`invalid storage key (${problem}): ${JSON.stringify(String(key).slice(0, 80))}`);
  return key;
}

/** Signed links, key checks and makers of missing files over any object store. */
export function createStorage(store: ObjectStore, clock: Clock): Storage {
  let secret: Buffer | null = null;
  const sign = (key: string, exp: number) => {
    if (!secret) throw new Error('storage signing key not set');
    return crypto.createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);
  };
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const makers: { prefix: string; make: (key: string) => Promise<Buffer | null> }[] = [];
  return {
    kind: store.kind,
    // async: a refused key is a rejected promise, like any other storage failure.
    put: async (key, data) => store.put(checkKey(key), data),
    exists: async (key) => (await store.size(checkKey(key))) !== null,
    remove: async (key) => store.remove(checkKey(key)),
    url(key) {
      const exp = (Math.floor(nowSeconds() / HOUR) + 2) * HOUR;
      return `${MEDIA_PREFIX}${key}?e=${exp}&s=${sign(key, exp)}`;
    },
    verify(key, e, s) {
      const exp = Number(e);
      if (!/^\d{1,12}$/.test(e) || exp < nowSeconds() || typeof s !== 'string') return false;
      const want = Buffer.from(sign(key, exp));
      const got = Buffer.from(s);
      if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return false;
      return keyProblem(key) === null;
    },
    useKey(value) {
      secret = Buffer.from(value, 'hex');
    },
    async read(key) {
      const data = await store.get(checkKey(key));
      if (data) return data;
      const maker = makers.find((m) => key.startsWith(m.prefix));
      return maker ? maker.make(key) : null;
    },
    onMissing(prefix, make) {
      makers.push({ prefix, make });
    },
    check: () => store.check(),
    close: () => store.close(),
  };
}

/** Files under `root` on this machine's disk. */
export function diskStore(root: string): ObjectStore {
  const file = (key: string) => {
    const full = path.resolve(root, key);
    // keyProblem() already refuses "..": this is the second lock on the same door.
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  const missing = (err: NodeJS.ErrnoException) => err.code === 'ENOENT' || err.code === 'ENOTDIR';
  return {
    kind: 'local',
    async put(key, data) {
      const full = file(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Written aside and renamed: a reader (another request, another instance) never sees half a file.
      const tmp = `${full}.${process.pid}.${crypto.randomBytes(4).toString('hex')}${TMP_SUFFIX}`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full).catch(async (err) => {
        await fs.rm(tmp, { force: true });
        throw err;
      });
    },
    get: (key) => fs.readFile(file(key)).catch((err: NodeJS.ErrnoException) => {
      if (missing(err)) return null;
      throw err;
    }),
    size: (key) => fs.stat(file(key)).then((s) => (s.isFile() ? s.size : null), (err: NodeJS.ErrnoException) => {
      if (missing(err)) return null;
      throw err;
    }),
    async remove(key) {
      await fs.rm(file(key), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK).catch(() => {
        throw new Error(`storage: the uploads folder ${root} is not writable`);
      });
    },
    close() {},
  };
}

/** Half-written files of diskStore.put end in this (a crash can leave one behind; never a key's file). */
export const TMP_SUFFIX = '.tmp';

/** The uploads folder of a data directory (local storage, and the source of `npm run storage:copy`). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Local disk under DATA_DIR/uploads: the embedded default. */
export function localStorage(dataDir: string, clock: Clock): Storage {
  return createStorage(diskStore(uploadsDir(dataDir)), clock);
}

/** The storage the configuration names (STORAGE=s3 or the local default). */
export function storageFromConfig(config: { dataDir: string; storage: StorageConfig }, clock: Clock): Storage {
  return config.storage.kind === 's3' ? createStorage(s3Store(config.storage), clock) : localStorage(config.dataDir, clock);
}
