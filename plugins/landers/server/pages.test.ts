import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { LOCALES, localeFile } from '../../../kernel/contract/locales.ts';
import { pickNicheMembers } from '../../members/server.ts';
import { statusLines, statusOf, STATUS_LINES } from '../pages/landers/socialnetwork.tsx';

// The gallery, collage, social network, transitions and video landers: each renders in the lander
// layout from its loader's data, for the slug's niche, in the visitor's language, within budget.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 160 }); });
afterAll(() => t?.close());

const PAGES = ['gallery', 'collagelanding', 'socialnetwork', 'transitionsvideolanding', 'video'] as const;
type Boot = { frame: { lander: string; niche: number; locale: string; signupPath: string }; data: Record<string, unknown> };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="lander-boot">(.*?)<\/script>/s.exec(html)![1]) as Boot;
/** Ids of the members a page shows, whatever its data's shape. */
function memberIds(lander: string, data: Record<string, unknown>): number[] {
  const list = { gallery: data.faces, collagelanding: data.tiles, socialnetwork: data.posts, transitionsvideolanding: data.portraits, video: data.faces }[lander];
  return (list as { id: number }[]).map((x) => x.id);
}
type Tree = { [k: string]: string | Tree };
const texts = (lng: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', `${lng}.json`), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string;
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('the landers gallery, collagelanding, socialnetwork, transitionsvideolanding and video', () => {
  it('each renders in the lander layout: its h1, calls to action that are links to the signup, its members, within the HTML budget', async () => {
    for (const name of PAGES) {
      const res = await get(`/landers/${name}`);
      expect(res.statusCode, name).toBe(200);
      const page = res.body;
      expect(page, name).toMatch(/^<!doctype html><html lang="en">/);
      expect(page, name).toContain('<h1>Singles near you are online now</h1>');
      expect(page, name).toMatch(/<a [^>]*href="\/signup" data-signup/);
      expect(page, name).toContain('lr-disclaimer');
      const boot = bootOf(page);
      expect(boot.frame, name).toMatchObject({ lander: name, niche: 1, locale: 'en' });
      expect(memberIds(name, boot.data).length, name).toBeGreaterThan(name === 'video' || name === 'transitionsvideolanding' ? 3 : 8);
      // No text key shows as itself (every text the page asks for exists).
      expect(page, name).not.toMatch(/>(?:niche|gallery|collagelanding|socialnetwork|transitionsvideolanding|video)\.[\w.]+</);
      // Nothing but the niche's faces: every picture is a visitor's crop or thumbnail (never the full photo).
      expect(page, name).not.toMatch(/-blur\.jpg|demo-\d+\.jpg/);
      expect(gzipSync(page).length, name).toBeLessThan(30 * 1024);
      // The largest picture first is preloaded.
      expect(page, name).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
    }
  });

  it('each shows the slug\'s niche (by number or name) and only its members', async () => {
    for (const name of PAGES) {
      for (const [slug, niche] of [['7', 7], ['milf', 6], ['2', 2]] as const) {
        const page = (await get(`/landers/${name}/${slug}`)).body;
        const boot = bootOf(page);
        expect(boot.frame.niche, `${name}/${slug}`).toBe(niche);
        const allowed = new Set(await pickNicheMembers(t.kernel.db, { niche, niche_audience: null }, { limit: 10_000 }));
        const ids = memberIds(name, boot.data);
        expect(ids.length, `${name}/${slug}`).toBeGreaterThan(0);
        expect(ids.filter((id) => !allowed.has(id)), `${name}/${slug}`).toEqual([]);
        expect(page).toContain(`<h1>${html(text(texts('en'), `niche.${niche}.headline`))}</h1>`);
      }
    }
  });

  it('renders each in every language with all its texts', async () => {
    for (const lng of LOCALES) {
      for (const name of PAGES) {
        const res = await get(`/landers/${name}/3`, { cookie: `i18n_redirected=${lng}` });
        const boot = bootOf(res.body);
        expect(boot.frame.locale, `${name} ${lng}`).toBe(lng);
        expect(res.body, `${name} ${lng}`).toContain(`<h1>${html(text(texts(localeFile(lng)), 'niche.3.headline'))}</h1>`);
        expect(res.body, `${name} ${lng}`).not.toMatch(/>(?:niche|gallery|collagelanding|socialnetwork|transitionsvideolanding|video)\.[\w.]+</);
        expect(res.body, `${name} ${lng}`).not.toMatch(/aria-label="(?:gallery|collagelanding|socialnetwork|transitionsvideolanding|video)\./);
      }
    }
  });

  it('collage: the signup\'s first question over the faces, its answers links to the signup, the niche\'s usual answer first', async () => {
    const page = (await get('/landers/collagelanding')).body;
    const en = texts('en');
    expect(page).toContain(`>${html(text(en, 'collagelanding.question'))}</h2>`);
    const answers = [...page.matchAll(/<a class="lr-collagelanding-choice[^"]*" href="\/signup" data-signup>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(answers).toEqual(['mw', 'wm', 'mm', 'ww'].map((k) => html(text(en, `collagelanding.choice.${k}`))));
    const gay = (await get('/landers/collagelanding/gay')).body;
    expect(/lr-collagelanding-first" href="\/signup" data-signup>([^<]+)</.exec(gay)![1]).toBe(html(text(en, 'collagelanding.choice.mm')));
    const she = (await get('/landers/collagelanding/she')).body;
    expect(/lr-collagelanding-first" href="\/signup" data-signup>([^<]+)</.exec(she)![1]).toBe(html(text(en, 'collagelanding.choice.wm')));
    // The collage is a picture: one link out of the keyboard's way and hidden from assistive technology, its images without alt text.
    expect(page).toMatch(/<a class="lr-collagelanding-collage" href="\/signup" data-signup tabindex="-1" aria-hidden="true"><img [^>]*\balt[ />]/);
  });

  it('social network: each member\'s status line is the niche\'s, in the page\'s language, picked by the member\'s id (never the same twice in a row)', async () => {
    const de = texts('de');
    const res = await get('/landers/socialnetwork/3', { cookie: 'i18n_redirected=de' });
    const posts = bootOf(res.body).data.posts as { id: number; name: string }[];
    expect(posts.length).toBeGreaterThan(3);
    const lines = statusLines(posts.map((p) => p.id));
    posts.forEach((p, i) => {
      // Its own line, unless the post above has that one.
      expect(lines[i] === statusOf(p.id) || lines[i - 1] === statusOf(p.id)).toBe(true);
      if (i > 0) expect(lines[i]).not.toBe(lines[i - 1]);
      const line = text(de, `socialnetwork.status.3.${lines[i]}`);
      expect(res.body).toContain(`<p class="lr-socialnetwork-status">${html(line)}</p>`);
      expect(res.body).toContain(`aria-label="${html(text(de, 'socialnetwork.likeOf').replace('{{name}}', p.name))}"`);
    });
    // The pick is spread over every line and the same every time.
    const picks = new Set(Array.from({ length: 200 }, (_, i) => statusOf(i + 1)));
    expect([...picks].sort()).toEqual(Array.from({ length: STATUS_LINES }, (_, i) => i + 1));
    expect(statusOf(12345)).toBe(statusOf(12345));
    for (const lng of LOCALES) for (let n = 1; n <= 7; n++) for (let k = 1; k <= STATUS_LINES; k++) {
      expect(text(texts(localeFile(lng)), `socialnetwork.status.${n}.${k}`), `${lng} ${n}.${k}`).toMatch(/\S/);
    }
  });

  it('transitions: six slides in one link to the signup, with a pause control that works without JavaScript', async () => {
    const page = (await get('/landers/transitionsvideolanding')).body;
    expect(page.match(/class="lr-transitionsvideolanding-slide[ "]/g)).toHaveLength(6);
    expect(page).toMatch(/<input type="checkbox" id="lr-transitionsvideolanding-pause" class="lr-transitionsvideolanding-toggle"\/?>/);
    expect(page).toMatch(/<label for="lr-transitionsvideolanding-pause"/);
    expect(page).toMatch(/<a class="lr-transitionsvideolanding-stage" href="\/signup" data-signup aria-label="[^"]+">/);
  });

  it('video: plays the site\'s lander_video setting (the demo\'s own small video by default), muted, looping, without autoplay before hydration', async () => {
    const page = (await get('/landers/video')).body;
    expect(bootOf(page).data.video).toEqual({ src: '/lander-media/demo.webm', poster: '/lander-media/demo-poster.jpg', type: 'video/webm' });
    const video = /<video [^>]*>/.exec(page)![0];
    expect(video).toMatch(/\bmuted\b/);
    expect(video).toMatch(/\bloop\b/);
    expect(video).toMatch(/\bplaysinline\b/);
    expect(video).toContain('poster="/lander-media/demo-poster.jpg"');
    expect(video).not.toMatch(/\bautoplay\b|\bcontrols\b/);
    expect(page).toContain('<source src="/lander-media/demo.webm" type="video/webm">');
    expect(page).toContain('<link rel="preload" as="image" href="/lander-media/demo-poster.jpg" fetchpriority="high">');
    // The pause button is there from the start, shown once the page has started the video.
    expect(page).toMatch(/<button type="button" class="lr-video-pause" hidden>/);
    // The demo media ship with the app (public/ is copied into the build) and stay small.
    const pub = path.join(__dirname, '..', '..', '..', 'public');
    expect(fs.statSync(path.join(pub, 'lander-media/demo.webm')).size).toBeLessThanOrEqual(600 * 1024);
    expect(fs.readFileSync(path.join(pub, 'lander-media/demo.webm')).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(fs.readFileSync(path.join(pub, 'lander-media/demo-poster.jpg')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Another video for a domain: an https address, the page's policy lets it play.
    await t.kernel.sites.update('nl.localhost', { lander_video: { src: 'https://cdn.example/v/"x".mp4', poster: 'https://cdn.example/v/p.jpg', type: 'video/mp4' } });
    const nl = await get('/landers/video', { host: 'nl.localhost' });
    expect(nl.statusCode).toBe(200);
    expect(nl.body).toContain('<source src="https://cdn.example/v/&quot;x&quot;.mp4" type="video/mp4">');
    expect(nl.body).toContain('poster="https://cdn.example/v/p.jpg"');
    expect(nl.headers['content-security-policy']).toMatch(/media-src 'self' https:/);
    await expect(t.kernel.sites.update('nl.localhost', { lander_video: { src: 'http://plain.example/v.webm', poster: '/p.jpg', type: 'video/webm' } })).rejects.toThrow();
  });
});
