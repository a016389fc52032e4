import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { startTestS3, type TestS3 } from '../../../kernel/server/s3-testing.ts';
import { s3Store } from '../../../kernel/server/storage-s3.ts';
import type { ObjectStore } from '../../../kernel/server/storage.ts';

// The same app with STORAGE=s3 against a local S3-protocol server: photos go to the bucket, the
// app still hands out its own signed /media/ links and serves them after the same access rules.
let s3: TestS3;
let t: TestApp;
let bucket: ObjectStore;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ profiles: 3, env: s3.env });
  bucket = s3Store(s3.config);
});
afterAll(async () => {
  bucket?.close();
  await t?.close();
  await s3?.close();
});

const upload = (cookie: string, body: Buffer) => t.app.inject({
  method: 'POST', url: '/api/photos.php', payload: body,
  headers: { 'x-request-type': 'client', 'content-type': 'image/jpeg', cookie },
});
const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.slice('/media/'.length));
const variant = (u: string) => /-(full|thumb|match|blur|blurthumb)\.jpg/.exec(u)?.[1];

describe('photos in S3-compatible storage', () => {
  it('stores an upload in the bucket without EXIF and serves it through its signed /media/ link', async () => {
    expect(t.kernel.storage.kind).toBe('s3');
    const owner = await addMember(t, { name: 'Bucket' });
    const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffa800' } })
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 18/1 0/1' } })
      .jpeg().toBuffer();
    expect((await upload(owner.cookie, withGps)).statusCode).toBe(200);
    await upload(owner.cookie, await sharp({ create: { width: 500, height: 500, channels: 3, background: '#2040a0' } }).jpeg().toBuffer());
    const own = (await t.call({ method: 'GET', url: '/api/profile.php', cookie: owner.cookie })).json().profile.images as { filename: string; thumb_filename: string }[];
    expect(own.map((i) => variant(i.filename))).toEqual(['full', 'full']);

    const served = await t.app.inject({ method: 'GET', url: own[0].filename });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    // The bytes are the bucket's object; nothing was written to this instance's disk.
    expect((await bucket.get(keyOf(own[0].filename)))!.equals(served.rawPayload)).toBe(true);
    expect(fs.existsSync(path.join(t.shared.dataDir, 'uploads'))).toBe(false);

    // Access rules unchanged: a free member gets the blurred large copy of the main photo and only
    // blurred copies of the others; the originals' links are refused without their own signature.
    const free = await addMember(t);
    const seen = (await t.call({ method: 'GET', url: `/api/member.php?id=${owner.id}`, cookie: free.cookie })).json().profile;
    expect(seen.images.map((i: { filename: string; thumb_filename: string }) => [variant(i.filename), variant(i.thumb_filename)])).toEqual([['blur', 'thumb'], ['blur', 'blurthumb']]);
    const blurred = await t.app.inject({ method: 'GET', url: seen.images[0].filename });
    expect(blurred.statusCode).toBe(200);
    expect(blurred.rawPayload.equals(served.rawPayload)).toBe(false);
    expect((await sharp(blurred.rawPayload).metadata()).format).toBe('jpeg');
    const signature = seen.images[0].filename.slice(seen.images[0].filename.indexOf('?'));
    for (const url of [own[0].filename.split('?')[0], own[0].filename.split('?')[0] + signature]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    }
    const premium = await addMember(t, { premium: true });
    const full = (await t.call({ method: 'GET', url: `/api/member.php?id=${owner.id}`, cookie: premium.cookie })).json().profile;
    expect(full.images.map((i: { filename: string }) => variant(i.filename))).toEqual(['full', 'full']);

    // Deleting the photo removes its objects: its old link answers 404.
    const ids = (await t.call({ method: 'GET', url: '/api/profile.php', cookie: owner.cookie })).json().profile.images.map((i: { id: number }) => i.id);
    await t.call({ method: 'DELETE', url: '/api/photos.php', cookie: owner.cookie, payload: { id: ids[1] } });
    expect(await bucket.size(keyOf(own[1].filename))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: own[1].filename })).statusCode).toBe(404);
  });

  it('draws a demo portrait on its first request and keeps it in the bucket', async () => {
    const res = await t.call({ method: 'GET', url: '/api/members.php?page=1' });
    const thumbs = res.json().profiles.map((p: { main_image: { thumb_filename: string } | null }) => p.main_image?.thumb_filename);
    const thumb = thumbs.find((u?: string) => u && keyOf(u).startsWith('seed/demo-')) as string;
    expect(await bucket.size(keyOf(thumb))).toBeNull();
    const img = await t.app.inject({ method: 'GET', url: thumb });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await bucket.get(keyOf(thumb)))!.equals(img.rawPayload)).toBe(true);
  });

  it('answers 503 (not 404, not 500) while the bucket cannot be reached', async () => {
    const m = await addMember(t);
    await upload(m.cookie, await sharp({ create: { width: 400, height: 400, channels: 3, background: '#333333' } }).jpeg().toBuffer());
    const url = (await t.call({ method: 'GET', url: '/api/profile.php', cookie: m.cookie })).json().profile.images[0].filename;
    await s3.close();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'storage_unavailable' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
