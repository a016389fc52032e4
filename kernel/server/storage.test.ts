import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { readConfig, readStorageConfig } from './config.ts';
import { createStorage, localStorage, storageFromConfig, type Storage } from './storage.ts';
import { s3Store } from './storage-s3.ts';
import { s3ConfigOf, startTestS3, type TestS3 } from './s3-testing.ts';

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-storage-'));
  dirs.push(d);
  return d;
};
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The same contract for every backend: what callers (media route, photos, demo portraits) rely on. */
const backends: [string, (clock: ReturnType<typeof createClock>) => Storage][] = [
  ['local disk', (clock) => localStorage(tempDir(), clock)],
  ['S3 (s3rver)', (clock) => storageFromConfig({ dataDir: tempDir(), storage: readStorageConfig(s3.env) }, clock)],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  const clock = createClock();
  let storage: Storage;
  beforeAll(async () => {
    storage = make(clock);
    storage.useKey(crypto.randomBytes(32).toString('hex'));
    await storage.check();
  });
  afterAll(() => storage?.close());
  const unique = (name: string) => `t/${crypto.randomBytes(6).toString('hex')}/${name}`;

  it('stores, reads back the exact bytes, replaces, tells what exists and removes (a missing file is no error)', async () => {
    const key = unique('a b%25 é-full.jpg');
    const bytes = crypto.randomBytes(70_000);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    await storage.put(key, bytes);
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key))!.equals(bytes)).toBe(true);
    await storage.put(key, Buffer.from('second'));
    expect((await storage.read(key))!.toString()).toBe('second');
    await storage.put(unique('empty.jpg'), Buffer.alloc(0));
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove(unique('never-there.jpg'))).resolves.toBeUndefined();
  });

  it('makes a missing file under a registered prefix once, then serves the stored one', async () => {
    const prefix = unique('made/');
    const made: string[] = [];
    storage.onMissing(prefix, async (key) => {
      made.push(key);
      if (key.endsWith('-none.jpg')) return null;
      const data = Buffer.from(`drawn ${key}`);
      await storage.put(key, data);
      return data;
    });
    const key = `${prefix}p-thumb.jpg`;
    expect((await storage.read(key))!.toString()).toBe(`drawn ${key}`);
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key))!.toString()).toBe(`drawn ${key}`);
    expect(made).toEqual([key]);
    expect(await storage.read(`${prefix}p-none.jpg`)).toBeNull();
    // exists() never makes anything; other prefixes have no maker.
    expect(await storage.exists(`${prefix}q-thumb.jpg`)).toBe(false);
    expect(await storage.read(unique('other.jpg'))).toBeNull();
    expect(made).toEqual([key, `${prefix}p-none.jpg`]);
  });

  it('refuses keys that could escape the uploads folder, for every operation and every link', async () => {
    const bad = ['../escape.jpg', 'a/../../escape.jpg', '/etc/passwd', 'a//b.jpg', 'a/./b.jpg', 'a\\..\\b.jpg', 'a/b/', '', 'x\u0000.jpg', 'x'.repeat(600)];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/invalid storage key/);
      // Even a correctly signed link to such a key opens nothing.
      const url = new URL(storage.url(key), 'http://x');
      expect(storage.verify(key, url.searchParams.get('e')!, url.searchParams.get('s')!), key).toBe(false);
    }
  });

  it('signs links for one key and one period: another key, a changed signature or an expired link is refused', () => {
    const key = unique('p-full.jpg');
    const url = new URL(storage.url(key), 'http://x');
    expect(url.pathname.startsWith('/media/t/')).toBe(true);
    const e = url.searchParams.get('e')!;
    const s = url.searchParams.get('s')!;
    expect(storage.verify(key, e, s)).toBe(true);
    expect(storage.verify(key.replace('full', 'blur'), e, s)).toBe(false);
    expect(storage.verify(key, e, s.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBe(false);
    expect(storage.verify(key, String(Number(e) + 3600), s)).toBe(false);
    expect(storage.verify(key, 'soon', s)).toBe(false);
    clock.advance(3 * 3600_000);
    expect(storage.verify(key, e, s)).toBe(false);
  });
});

describe('never half a file', () => {
  it('local disk: concurrent writes and reads of one key see one whole version', async () => {
    const storage = localStorage(tempDir(), createClock());
    const key = 'busy/p-full.jpg';
    const versions = ['a', 'b', 'c', 'd'].map((c, i) => Buffer.alloc(400_000 + i * 100_000, c));
    await storage.put(key, versions[0]);
    const seen: Buffer[] = [];
    await Promise.all([
      ...versions.map((v) => storage.put(key, v)),
      ...Array.from({ length: 8 }, async () => { seen.push((await storage.read(key))!); }),
    ]);
    expect(seen).toHaveLength(8);
    for (const got of [...seen, (await storage.read(key))!]) {
      expect(versions.some((v) => v.equals(got)), `read ${got.length} bytes starting ${got.subarray(0, 1).toString()}`).toBe(true);
    }
  });

  // S3 itself replaces an object whole (a PUT is visible complete or not at all); s3rver writes in
  // place, so the concurrent test above says nothing there. What our client controls: one PUT per
  // file, and a body cut short on the way is an error, never bytes served as a photo.
  it('S3: an object whose body arrives cut short is an error, not a short file', async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '1000', etag: '"x"' });
      res.write(Buffer.alloc(10, 1));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const storage = createStorage(s3Store(s3ConfigOf({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` })), createClock());
    try {
      await expect(storage.read('u/1/p-full.jpg')).rejects.toThrow(/aborted/);
    } finally {
      storage.close();
      server.close();
    }
  });

  it('S3: a file is replaced whole and read back whole', async () => {
    const storage = storageFromConfig({ dataDir: tempDir(), storage: readStorageConfig(s3.env) }, createClock());
    const key = 'busy/p-full.jpg';
    for (const v of ['a', 'b', 'c'].map((c, i) => Buffer.alloc(700_000 - i * 200_000, c))) {
      await storage.put(key, v);
      expect((await storage.read(key))!.equals(v)).toBe(true);
    }
    storage.close();
  });
});

describe('S3 storage at start', () => {
  it('names the problem when the bucket is missing or the credentials are refused', async () => {
    const missing = createStorage(s3Store(s3ConfigOf({ ...s3.env, S3_BUCKET: 'no-such-bucket' })), createClock());
    await expect(missing.check()).rejects.toThrow(/bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: no such bucket/);
    missing.close();
    const stranger = createStorage(s3Store(s3ConfigOf({ ...s3.env, S3_ACCESS_KEY_ID: 'SOMEONE', S3_SECRET_ACCESS_KEY: 'else' })), createClock());
    await expect(stranger.check()).rejects.toThrow(/cannot be used: access denied \(check S3_ACCESS_KEY_ID/);
    await expect(stranger.read('x.jpg')).rejects.toThrow(/Access Key Id you provided does not exist/);
    stranger.close();
  });
});

describe('storage configuration', () => {
  it('is local disk by default and reads the S3 variables with STORAGE=s3', () => {
    expect(readConfig({}).storage).toEqual({ kind: 'local' });
    expect(readStorageConfig({ STORAGE: 's3', S3_BUCKET: 'photos' })).toEqual({
      kind: 's3', bucket: 'photos', region: 'us-east-1', endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false,
    });
    expect(readStorageConfig({ STORAGE: 'S3', S3_BUCKET: 'photos', S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toMatchObject({
      endpoint: 'https://s3.example.com', region: 'eu-west-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true,
    });
    expect(s3ConfigOf({ STORAGE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: '0' }).forcePathStyle).toBe(false);
  });

  it('stops the start with a message naming the variable when a setting cannot work', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ STORAGE: 'ftp' }, /STORAGE=ftp is not a storage/],
      [{ STORAGE: 's3' }, /STORAGE=s3 needs S3_BUCKET/],
      [{ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET=Bad_Bucket is not a valid bucket name/],
      [{ STORAGE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'localhost:9000' }, /S3_ENDPOINT=localhost:9000 is not an http\(s\) URL/],
      [{ STORAGE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ STORAGE: 's3', S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes please' }, /S3_FORCE_PATH_STYLE=yes please must be 1 or 0/],
    ];
    for (const [env, message] of cases) expect(() => readConfig(env), JSON.stringify(env)).toThrow(message);
  });
});
