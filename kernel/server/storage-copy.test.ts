import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Store } from './storage-s3.ts';
import { copyUploads } from './storage-copy.ts';
import { startTestS3, type TestS3 } from './s3-testing.ts';
import type { ObjectStore } from './storage.ts';

let s3: TestS3;
let bucket: ObjectStore;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  bucket = s3Store(s3.config);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flirt-copy-'));
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploads = () => path.join(dataDir, 'uploads');
const write = (key: string, data: Buffer) => {
  fs.mkdirSync(path.dirname(path.join(uploads(), key)), { recursive: true });
  fs.writeFileSync(path.join(uploads(), key), data);
};

describe('copying the photos on disk to the bucket', () => {
  it('copies every file under the same key, then skips what the bucket holds with the same size', async () => {
    const files: Record<string, Buffer> = {
      'photos/12/abc-full.jpg': crypto.randomBytes(50_000),
      'photos/12/abc-blur.jpg': crypto.randomBytes(9_000),
      'chat/3/def-thumb.jpg': crypto.randomBytes(2_000),
      'seed/demo-7-thumb.jpg': Buffer.alloc(0),
    };
    for (const [k, v] of Object.entries(files)) write(k, v);
    // A half-written file a crash left behind is no photo: it stays out of the bucket.
    write('photos/12/abc-full.jpg.4242.0a1b2c3d.tmp', Buffer.from('half'));

    const first = await copyUploads(uploads(), bucket);
    expect(first).toEqual({ copied: 4, skipped: 0, failed: [], bytes: 61_000 });
    for (const [k, v] of Object.entries(files)) expect((await bucket.get(k))!.equals(v), k).toBe(true);
    expect(await bucket.size('photos/12/abc-full.jpg.4242.0a1b2c3d.tmp')).toBeNull();

    expect(await copyUploads(uploads(), bucket)).toEqual({ copied: 0, skipped: 4, failed: [], bytes: 0 });
    // A file changed on disk (another size) is copied again; a new one joins.
    write('photos/12/abc-blur.jpg', Buffer.alloc(100, 7));
    write('photos/13/new-full.jpg', Buffer.alloc(300, 8));
    expect(await copyUploads(uploads(), bucket, { concurrency: 1 })).toEqual({ copied: 2, skipped: 3, failed: [], bytes: 400 });
    expect((await bucket.get('photos/12/abc-blur.jpg'))!.equals(Buffer.alloc(100, 7))).toBe(true);
  });

  it('goes on past a file it cannot copy and names it', async () => {
    write('photos/14/ok-full.jpg', Buffer.alloc(10, 1));
    write('photos/14/back\\slash-full.jpg', Buffer.alloc(10, 2));
    const result = await copyUploads(uploads(), bucket);
    expect(result.copied).toBe(1);
    expect(result.failed).toEqual([{ key: 'photos/14/back\\slash-full.jpg', error: 'not a storage key (has a backslash or control character)' }]);
    fs.rmSync(path.join(uploads(), 'photos/14/back\\slash-full.jpg'));
  });
});

describe('npm run storage:copy', () => {
  const run = (env: Record<string, string>) => promisify(execFile)(process.execPath, ['--no-warnings', '--import', 'tsx', 'scripts/storage-copy.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    timeout: 60_000,
  }).then((r) => ({ code: 0, ...r }), (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }));

  it('copies to the configured bucket and prints the counts; again, it skips them all', async () => {
    write('photos/20/cli-full.jpg', Buffer.alloc(2 * 1024 * 1024, 3));
    const total = (dir: string): number => fs.readdirSync(dir, { withFileTypes: true })
      .reduce((n, e) => n + (e.isDirectory() ? total(path.join(dir, e.name)) : e.name.endsWith('.tmp') ? 0 : 1), 0);
    const files = total(uploads());
    const first = await run(s3.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`to bucket "${s3.bucket}" at ${s3.endpoint}`);
    expect(first.stdout).toMatch(/Copied 1 \(2\.0 MB\), skipped \d+ already in the bucket with the same size, failed 0\./);
    expect((await bucket.size('photos/20/cli-full.jpg'))).toBe(2 * 1024 * 1024);
    const again = await run(s3.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Copied 0 (0.0 MB), skipped ${files} already in the bucket with the same size, failed 0.`);
  });

  it('refuses to run without a bucket, or with one it cannot use', async () => {
    const none = await run({});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No bucket to copy to: set STORAGE=s3 and S3_BUCKET');
    const missing = await run({ ...s3.env, S3_BUCKET: 'not-there' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('bucket "not-there"');
    expect(missing.stderr).toContain('no such bucket');
    const bad = await run({ STORAGE: 's3' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('STORAGE=s3 needs S3_BUCKET');
  });
});
