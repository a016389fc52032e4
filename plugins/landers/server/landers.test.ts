import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 120 }); });
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="lander-boot">(.*?)<\/script>/s.exec(html)![1]) as { frame: { lander: string; niche: number; locale: string }; data: { faces?: { id: number; gender: string; age: number }[] } };

describe('landers: pages the server renders', () => {
  it('renders the gallery lander in the lander layout: faces, a signup link that works without JavaScript, footer and disclaimer', async () => {
    const res = await get('/landers/gallery');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<h1>');
    expect(html).toMatch(/<a class="lr-cta [^"]*" href="\/signup" data-signup>/);
    expect(html).toContain('lr-disclaimer');
    expect(html).toMatch(/href="\/pages\/terms"/);
    const boot = bootOf(html);
    expect(boot.frame).toMatchObject({ lander: 'gallery', niche: 1, locale: 'en' });
    expect(boot.data.faces!.length).toBeGreaterThan(5);
    // Each face is in the HTML as rendered (what the browser hydrates from the same data).
    for (const f of boot.data.faces!.slice(0, 3)) expect(html).toContain(`${f.age}</span>`);
    // Budget: the document stays small (30 KiB gzip).
    expect(gzipSync(html).length).toBeLessThan(30 * 1024);
  });

  it('sends the page compressed as the browser accepts, the same page each way', async () => {
    const plain = await get('/landers/gallery/3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/landers/gallery/3', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/landers/gallery/3', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('picks the niche from the slug (number or name), the domain\'s for an unknown one', async () => {
    const milf = bootOf((await get('/landers/gallery/6')).body);
    expect(milf.frame.niche).toBe(6);
    expect(milf.data.faces!.every((f) => f.gender === 'female' && f.age >= 35 && f.age <= 55)).toBe(true);
    expect(bootOf((await get('/landers/gallery/gay')).body).frame.niche).toBe(7);
    const unknown = await get('/landers/gallery/whatever');
    expect(unknown.statusCode).toBe(200);
    expect(bootOf(unknown.body).frame.niche).toBe(1);
  });

  it('answers an unknown lander like any unknown page (404), never a 500', async () => {
    for (const url of ['/landers/nope', '/landers/nope/2', '/landers/%00', '/landers/gallery/%ZZ']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await get('/landers/nope')).statusCode).toBe(404);
  });

  it('keeps the tracking parameters in the traffic-source cookie, and the cached page holds nothing of them', async () => {
    const res = await get('/landers/gallery?network=n1&ref=r1&sub1=s1');
    const cookie = res.cookies.find((c) => c.name === 'tracking');
    expect(cookie && JSON.parse(cookie.value)).toEqual({ network: 'n1', ref: 'r1', sub1: 's1' });
    expect(res.body).not.toMatch(/network|"n1"|"r1"|"s1"/);
    const again = await get('/landers/gallery');
    expect(again.body).toBe(res.body);
    expect(again.cookies.find((c) => c.name === 'tracking')).toBeUndefined();
  });

  it('renders in the visitor\'s language', async () => {
    const de = await get('/landers/gallery', { cookie: 'i18n_redirected=de' });
    expect(bootOf(de.body).frame.locale).toBe('de');
    expect(de.body).toContain('Kostenlos anmelden');
  });

  it('gives a swipe deck more cards of a niche, never one it already has', async () => {
    const first = (await t.call({ method: 'GET', url: '/api/lander-cards.php?niche=2' })).json() as { cards: { id: number; gender: string }[] };
    expect(first.cards.length).toBeGreaterThan(0);
    expect(first.cards.every((c) => c.gender === 'male')).toBe(true);
    const more = (await t.call({ method: 'GET', url: `/api/lander-cards.php?niche=2&exclude=${first.cards.map((c) => c.id).join(',')}` })).json() as { cards: { id: number }[] };
    expect(more.cards.filter((c) => first.cards.some((f) => f.id === c.id))).toEqual([]);
  });
});
