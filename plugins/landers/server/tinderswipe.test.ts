import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { LOCALES, localeFile } from '../../../kernel/contract/locales.ts';
import { pickNicheMembers } from '../../members/server.ts';
import type { Face } from '../contract.ts';
import type { DeckCard } from '../pages/SwipeDeck.tsx';
import { TINDERSWIPE_FIRST_CARDS } from './loaders/tinderswipe.ts';

// The tinderswipe lander: the server renders the deck's first cards and its buttons (the browser
// hydrates the same), hands the deck its first cards, and GET /api/lander-cards.php gives it more.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 160 }); });
afterAll(() => t?.close());

type Boot = { frame: { lander: string; niche: number; locale: string; signupPath: string }; data: { cards: DeckCard[] } };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bootOf = (page: string) => JSON.parse(/<script type="application\/json" id="lander-boot">(.*?)<\/script>/s.exec(page)![1]) as Boot;
type Tree = { [k: string]: string | Tree };
const texts = (lng: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', `${lng}.json`), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cards = async (query: string) => ((await t.call({ method: 'GET', url: `/api/lander-cards.php?${query}` })).json() as { cards: Face[] }).cards;

describe('the tinderswipe lander', () => {
  it('renders the deck\'s first card and the one behind it, named like and pass buttons and a signup link, within the HTML budget', async () => {
    const res = await get('/landers/tinderswipe');
    expect(res.statusCode).toBe(200);
    const page = res.body;
    const en = texts('en');
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain(`<h1>${html(text(en, 'niche.1.headline'))}</h1>`);
    expect(page).toContain(html(text(en, 'tinderswipe.lead')));
    const boot = bootOf(page);
    expect(boot.frame).toMatchObject({ lander: 'tinderswipe', niche: 1, locale: 'en', signupPath: '/signup' });
    expect(boot.data.cards).toHaveLength(TINDERSWIPE_FIRST_CARDS);
    const [first, second, third] = boot.data.cards;
    // Only the top card and the one behind it are in the HTML; the rest come as the visitor swipes.
    expect(page.match(/class="lr-deck-card /g)).toHaveLength(2);
    expect(page).toContain(`<div class="lr-deck-card is-top" data-member="${first.id}">`);
    expect(page).toContain(`<span class="lr-deck-name">${html(first.name)}, ${first.age}</span><span class="lr-deck-city">${html(first.city)}</span>`);
    expect(page).toContain(`<span class="lr-deck-name">${html(second.name)}, ${second.age}</span>`);
    expect(page).not.toContain(`<span class="lr-deck-name">${html(third.name)}, ${third.age}</span>`);
    // The photo: the square crop, sized, alt text, first with high priority and preloaded.
    expect(first.main_image!.match).toMatch(/-match\.jpg/);
    expect(page).toContain(`<img class="lr-deck-photo" src="${html(first.main_image!.match)}" alt="${html(text(en, 'tinderswipe.photo').replace('{{name}}', first.name))}" width="300" height="300" decoding="async" fetchpriority="high"`);
    expect(page).toContain(`<link rel="preload" as="image" href="${html(first.main_image!.match)}" fetchpriority="high">`);
    // The card behind waits for it (it only peeks out).
    expect(page).toContain(`src="${html(second.main_image!.match)}" alt="${html(text(en, 'tinderswipe.photo').replace('{{name}}', second.name))}" width="300" height="300" decoding="async" fetchpriority="low"`);
    expect(page).not.toMatch(/-full\.jpg|-blur/);
    // The deck takes the focus; the buttons have names; without JavaScript they lead to the signup.
    expect(page).toMatch(/<div class="lr-deck-stack" tabindex="0" role="group" aria-label="Members to swipe" aria-describedby="[^"]+">/);
    expect(page).toMatch(/<form class="lr-deck-buttons" action="\/signup" method="get"><button type="submit" class="lr-deck-btn lr-deck-pass" aria-label="Pass">/);
    expect(page).toContain('<button type="submit" class="lr-deck-btn lr-deck-like" aria-label="Like">');
    expect(page).toMatch(/<a class="lr-cta [^"]*" href="\/signup" data-signup>/);
    expect(page).toContain('lr-disclaimer');
    // Nothing of the step is rendered before any like; no text key shows as itself.
    expect(page).not.toContain('lr-deck-match');
    expect(page).not.toMatch(/>tinderswipe\.[\w.]+<|"tinderswipe\.[\w.]+"/);
    expect(gzipSync(page).length).toBeLessThan(30 * 1024);
  });

  it('shows the slug\'s niche (by number or name) and only its members', async () => {
    for (const [slug, niche] of [['2', 2], ['she', 2], ['gay', 7], ['milf', 6]] as const) {
      const boot = bootOf((await get(`/landers/tinderswipe/${slug}`)).body);
      expect(boot.frame.niche, slug).toBe(niche);
      const allowed = new Set(await pickNicheMembers(t.kernel.db, { niche, niche_audience: null }, { limit: 10_000 }));
      expect(boot.data.cards.length, slug).toBeGreaterThan(0);
      expect(boot.data.cards.filter((c) => !allowed.has(c.id)), slug).toEqual([]);
    }
    // Each card holds only what it shows: no other photo address, nothing else of the member.
    const she = bootOf((await get('/landers/tinderswipe/she')).body);
    for (const c of she.data.cards) expect(Object.keys(c).sort()).toEqual(['age', 'city', 'id', 'main_image', 'name', 'online']);
    expect(she.data.cards.every((c) => !c.main_image || Object.keys(c.main_image).join() === 'match')).toBe(true);
  });

  it('renders in every language with all its texts', async () => {
    for (const lng of LOCALES) {
      const res = await get('/landers/tinderswipe', { cookie: `i18n_redirected=${lng}` });
      const tree = texts(localeFile(lng));
      expect(bootOf(res.body).frame.locale, lng).toBe(lng);
      expect(res.body, lng).toContain(html(text(tree, 'tinderswipe.lead')));
      expect(res.body, lng).toContain(`aria-label="${html(text(tree, 'tinderswipe.like'))}"`);
      expect(res.body, lng).toContain(`aria-label="${html(text(tree, 'tinderswipe.pass'))}"`);
      expect(res.body, lng).toContain(html(text(tree, 'tinderswipe.hint')));
      expect(res.body, lng).not.toMatch(/>tinderswipe\.[\w.]+<|"tinderswipe\.[\w.]+"/);
    }
  });

  it('gives the deck more cards of its niche, never one it has, without anyone\'s hidden members', async () => {
    const first = bootOf((await get('/landers/tinderswipe/2')).body).data.cards;
    const more = await cards(`niche=2&exclude=${first.map((c) => c.id).join(',')}`);
    expect(more.length).toBeGreaterThan(0);
    expect(more.filter((c) => first.some((f) => f.id === c.id))).toEqual([]);
    expect(more.every((c) => c.gender === 'male' && c.main_image?.match)).toBe(true);
    // A member who turns invisible leaves the deck.
    const hidden = more[0];
    await t.kernel.db.updateTable('profiles').set({ invisible: true }).where('user_id', '=', hidden.id).execute();
    expect((await cards('niche=2')).some((c) => c.id === hidden.id)).toBe(false);
    await t.kernel.db.updateTable('profiles').set({ invisible: false }).where('user_id', '=', hidden.id).execute();
    // The exclude list is checked: ids only, within its length.
    expect((await t.call({ method: 'GET', url: '/api/lander-cards.php?exclude=1;DROP' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/lander-cards.php?exclude=${'1,'.repeat(1001)}` })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/lander-cards.php?niche=9' })).statusCode).toBe(400);
  });

  it('keeps nothing of the visitor on the server: the cached page is the same for everyone, tracking only in the cookie', async () => {
    const res = await get('/landers/tinderswipe?network=n1&ref=r1');
    expect(JSON.parse(res.cookies.find((c) => c.name === 'tracking')!.value)).toEqual({ network: 'n1', ref: 'r1' });
    expect(res.body).not.toMatch(/"n1"|"r1"/);
    const again = await get('/landers/tinderswipe');
    expect(again.body).toBe(res.body);
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
