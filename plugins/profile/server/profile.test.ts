import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 12 }); });
afterAll(async () => { await t?.close(); });

const jpeg = (w = 640, h = 800, color = '#c235c1') => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer();
const upload = (cookie: string | undefined, body: Buffer, type = 'image/jpeg') => t.app.inject({
  method: 'POST', url: '/api/photos.php', payload: body,
  headers: { 'x-request-type': 'client', 'content-type': type, ...(cookie ? { cookie } : {}) },
});
const get = (url: string, cookie?: string) => t.call({ method: 'GET', url, cookie });

describe('profile editing', () => {
  it('returns the own profile with every attribute and saves valid changes', async () => {
    const m = await addMember(t);
    const before = (await get('/api/profile.php', m.cookie)).json().profile;
    expect(before).toMatchObject({ id: m.id, birthdate: '1990-04-02', country: 'GB', invisible: false, photo_limit: 3, images: [] });
    const res = await t.call({
      method: 'PUT', url: '/api/profile.php', cookie: m.cookie, payload: {
        name: 'Robin', hair_color: 'red', eye_color: 'green', body_type: 'slim', relationship_status: 'divorced', tattoos: 'some',
        signup_reason: 'friendship', interests: ['wine', 'sushi', 'wine'], about: '  Hello there  ', country: 'NL', region: 'utrecht',
        city: 'Utrecht', birthdate: '1988-01-31', gender: 'female', sexuality: 'bi', invisible: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      name: 'Robin', hair_color: 'red', interests: ['wine', 'sushi'], about: 'Hello there', country: 'NL', region: 'utrecht',
      birthdate: '1988-01-31', gender: 'female', sexuality: 'bi', invisible: true,
    });
    // Invisible members are not found by search.
    const other = await addMember(t);
    const found = (await get('/api/members.php?country=NL', other.cookie)).json().profiles.map((p: { id: number }) => p.id);
    expect(found).not.toContain(m.id);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const m = await addMember(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '@bob' }, 'name', 'name_starts_with_at'],
      [{ name: m.email }, 'name', 'name_equals_email'],
      [{ name: 'x' }, 'name', 'name_invalid'],
      [{ birthdate: '2015-01-01' }, 'birthdate', 'dob_too_young'],
      [{ birthdate: '1990-02-30' }, 'birthdate', 'dob_invalid'],
      [{ country: 'US', region: 'x' }, 'country', 'country_missing'],
      [{ country: 'NL', region: 'bavaria' }, 'region', 'region_missing'],
      [{ region: 'nowhere' }, 'region', 'region_missing'],
      [{ interests: Array.from({ length: 21 }, (_, i) => ['wine', 'beer', 'tea', 'sushi', 'art', 'gym', 'music', 'movies', 'party', 'beach', 'coffee', 'dancing', 'hiking', 'biking', 'sports', 'reading', 'cooking', 'fashion', 'shopping', 'travelling', 'animals'][i]) }, 'interests', 'too_many_interests'],
      [{ about: 'x'.repeat(2001) }, 'about', 'about_too_long'],
      [{ hair_color: 'purple' }, 'hair_color', 'invalid_input'],
      [{ interests: ['knitting'] }, 'interests/0', 'invalid_input'],
      [{ evil: 1 }, 'evil', 'invalid_input'],
      [{}, '', 'invalid_input'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await t.call({ method: 'PUT', url: '/api/profile.php', cookie: m.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(code);
      if (field) expect(res.json().params?.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await get('/api/profile.php', m.cookie)).json().profile).toMatchObject({ name: expect.stringMatching(/^Tester/), country: 'GB', birthdate: '1990-04-02' });
    expect((await t.call({ method: 'PUT', url: '/api/profile.php', payload: { name: 'Nobody' } })).json().error).toBe('authentication_required');
  });
});

describe('photos', () => {
  it('re-encodes uploads, strips EXIF and GPS, makes the first the main photo, and holds the free limit', async () => {
    const m = await addMember(t);
    const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffa800' } })
      .withExif({ IFD0: { Make: 'SpyCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 18/1 0/1' } })
      .jpeg().toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const first = await upload(m.cookie, withGps);
    expect(first.statusCode).toBe(200);
    const img = first.json().profile.images[0];
    expect(img).toMatchObject({ is_main: true, locked: false });
    const served = await t.app.inject({ method: 'GET', url: img.filename });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00b300' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#733675' } }).webp().toBuffer();
    expect((await upload(m.cookie, png, 'image/png')).statusCode).toBe(200);
    const third = await upload(m.cookie, webp, 'application/octet-stream');
    expect(third.json().profile.images.map((i: { is_main: boolean }) => i.is_main)).toEqual([true, false, false]);
    const fourth = await upload(m.cookie, await jpeg());
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ error: 'free_photo_limit', message: 'Free photo limit reached.' });

    // Main photo and deletion: the next photo takes over when the main one goes.
    const ids = third.json().profile.images.map((i: { id: number }) => i.id);
    const main = await t.call({ method: 'PUT', url: '/api/photos.php', cookie: m.cookie, payload: { id: ids[2], main: true } });
    expect(main.json().profile.images[0]).toMatchObject({ id: ids[2], is_main: true });
    const del = await t.call({ method: 'DELETE', url: '/api/photos.php', cookie: m.cookie, payload: { id: ids[2] } });
    expect(del.json().profile.images).toHaveLength(2);
    expect(del.json().profile.images.filter((i: { is_main: boolean }) => i.is_main)).toHaveLength(1);
    const gone = await t.app.inject({ method: 'GET', url: third.json().profile.images.find((i: { id: number }) => i.id === ids[2]).filename });
    expect(gone.statusCode).toBe(404);
  });

  it('lets premium members keep up to 25 photos', async () => {
    const m = await addMember(t, { premium: true });
    expect((await get('/api/profile.php', m.cookie)).json().profile.photo_limit).toBe(25);
    for (let i = 0; i < 4; i++) expect((await upload(m.cookie, await jpeg(300, 300))).statusCode).toBe(200);
  });

  it('refuses what is not a photo, too small, too big or too many pixels, and keeps nothing', async () => {
    const m = await addMember(t);
    const cases: [Buffer, string, string, number][] = [
      [Buffer.from('GIF89a........'), 'image/jpeg', 'photo_type_invalid', 400],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 'photo_type_invalid', 400],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), 'image/jpeg', 'photo_invalid', 400],
      [await jpeg(120, 120), 'image/jpeg', 'photo_too_small', 400],
      [await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).jpeg({ quality: 10 }).toBuffer(), 'image/jpeg', 'photo_too_large', 400],
      [Buffer.alloc(0), 'image/jpeg', 'photo_type_invalid', 400],
    ];
    for (const [body, type, code, status] of cases) {
      const res = await upload(m.cookie, body, type);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error, code).toBe(code);
    }
    const huge = await upload(m.cookie, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect((await upload(m.cookie, await jpeg(), 'text/plain')).statusCode).toBeOneOf([400, 415]);
    expect((await upload(undefined, await jpeg())).json().error).toBe('authentication_required');
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/photos.php', payload: await jpeg(), headers: { 'content-type': 'image/jpeg', cookie: m.cookie } });
    expect(noHeader.statusCode).toBe(403);
    expect((await get('/api/profile.php', m.cookie)).json().profile.images).toEqual([]);
    for (const [method, payload] of [['PUT', { id: 999999, main: true }], ['DELETE', { id: 999999 }], ['PUT', { id: 'x' }]] as const) {
      const res = await t.call({ method, url: '/api/photos.php', cookie: m.cookie, payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('photo privacy', () => {
  const urlsIn = (body: string) => [...body.matchAll(/\/media\/[^"?]+\?e=\d+&s=[\w-]+/g)].map((m) => m[0]);
  const variant = (u: string) => /-(full|thumb|match|blur|blurthumb)\.jpg/.exec(u)?.[1];

  it('shows visitors and free members only blurred copies (main thumbnail and crop excepted); premium and the owner see all', async () => {
    const owner = await addMember(t, { name: 'Owner' });
    for (let i = 0; i < 3; i++) await upload(owner.cookie, await jpeg(400, 500, ['#111111', '#222222', '#333333'][i]));
    const free = await addMember(t);
    const premium = await addMember(t, { premium: true });
    const ownView = (await get('/api/profile.php', owner.cookie)).json().profile.images as { filename: string }[];
    const originals = ownView.map((i) => i.filename.split('?')[0]);

    for (const [who, cookie] of [['visitor', undefined], ['free', free.cookie]] as const) {
      const bodies = [
        (await get(`/api/member.php?id=${owner.id}`, cookie)).body,
        (await get('/api/members.php?country=GB', cookie)).body,
      ];
      const profile = JSON.parse(bodies[0]).profile;
      expect(profile.locked_images, who).toBe(3);
      expect(profile.images.every((i: { locked: boolean }) => i.locked), who).toBe(true);
      for (const body of bodies) {
        for (const u of urlsIn(body)) {
          if (!u.includes(`photos/${owner.id}/`)) continue;
          expect(['blur', 'blurthumb', 'thumb', 'match'], `${who} ${u}`).toContain(variant(u));
          if (variant(u) === 'thumb' || variant(u) === 'match') expect(u.startsWith(originals[0].replace('-full.jpg', '')), who).toBe(true);
        }
        for (const o of originals) expect(body.includes(o), `${who} sees ${o}`).toBe(false);
      }
      // The files behind the originals cannot be fetched without a signature or with another file's one.
      const blurred = profile.images[1].filename as string;
      for (const url of [originals[1], originals[1] + blurred.slice(blurred.indexOf('?')), blurred.replace('-blur.jpg', '-full.jpg'), '/uploads/' + originals[1].slice(7)]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([403, 404], url).toContain(res.statusCode);
      }
    }
    const seen = (await get(`/api/member.php?id=${owner.id}`, premium.cookie)).json().profile;
    expect(seen.locked_images).toBe(0);
    expect(seen.images.map((i: { filename: string }) => variant(i.filename))).toEqual(['full', 'full', 'full']);
    expect(seen.premium).toBe(false);
    const badge = (await get(`/api/member.php?id=${premium.id}`, free.cookie)).json().profile;
    expect(badge.premium).toBe(true);
  });

  it('signed links expire', async () => {
    const m = await addMember(t);
    await upload(m.cookie, await jpeg());
    const url = (await get('/api/profile.php', m.cookie)).json().profile.images[0].filename;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.kernel.clock.advance(3 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});
