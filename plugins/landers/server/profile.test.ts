import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { membersRef, pickNicheMembers } from '../../members/server.ts';
import type { ProfileLanderData } from '../contract.ts';

// The profile landers: /members/{id}/landing, landing2/{slug?}, landing3/{slug?} and signup show one
// member (main photo, name, age, town, interests, a first message per niche and language); a member
// who may not be shown is never shown: the visitor gets the niche's gallery in place.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 120 }); });
afterAll(() => t?.close());

type Boot = { frame: { lander: string; niche: number; locale: string }; data: ProfileLanderData & { faces?: { id: number }[] } };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="lander-boot">(.*?)<\/script>/s.exec(html)![1]) as Boot;
type Tree = { [k: string]: string | Tree };
const texts = (lng: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'locales', `${lng}.json`), 'utf8')) as Tree;
const text = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Listed members of the default niche, a fresh one per test (pages are cached a minute per member). */
let pool: number[] = [];
async function listedMember(): Promise<number> {
  if (!pool.length) pool = await pickNicheMembers(t.kernel.db, await t.kernel.sites.resolve('localhost'), { limit: 60 });
  return pool.shift()!;
}
const PAGES = [['landing', 'landing'], ['landing2', 'landing2'], ['landing3', 'landing3'], ['signup', 'signup']] as const;

describe('profile landers', () => {
  it('each shows the member: main photo, name, age, town, interests, their first message, and a call to action that opens the conversation after signup', async () => {
    const id = await listedMember();
    const members = t.kernel.services.get(membersRef);
    const profile = (await members.profile(null, id))!;
    const [summary] = await members.summaries(null, [id]);
    for (const [route, lander] of PAGES) {
      const res = await get(`/members/${id}/${route}`);
      expect(res.statusCode, route).toBe(200);
      expect(gzipSync(res.body).length, route).toBeLessThan(30 * 1024);
      const { frame, data } = bootOf(res.body);
      expect(frame.lander, route).toBe(lander);
      expect(data.member).toMatchObject({ id, name: profile.name, age: profile.age, city: profile.city });
      // The main photo as a visitor may see it: its square crop and thumbnail, preloaded.
      expect(data.member.image).toBe(summary.main_image!.match);
      expect(data.member.thumb).toBe(summary.main_image!.thumb_filename);
      expect(res.body).toContain(`<link rel="preload" as="image" href="${esc(data.member.image)}" fetchpriority="high">`);
      expect(data.member.interests.map((i) => i.key)).toEqual(profile.interests.slice(0, 8));
      for (const i of data.member.interests) expect(res.body).toContain(esc(i.label));
      expect(res.body, route).toContain(esc(profile.name));
      // After signup the new member opens the conversation with this member.
      expect(data.after).toBe(`/members/${id}/chat`);
      expect(res.body, route).toMatch(new RegExp(`<a [^>]*href="/signup" data-signup data-after="/members/${id}/chat"`));
      // The first message: one of the niche's, picked by the member's id.
      expect(res.body, route).toContain(esc(text(texts('en'), `profile.message.1.${1 + (id % 3)}`)));
      // Nothing the visitor may not see: no other photos, no about text, no exact position.
      expect(Object.keys(data.member).sort()).toEqual(['age', 'city', 'id', 'image', 'interests', 'name', 'online', 'region', 'thumb']);
    }
    // The signup lander holds the signup form's place (the widget in the page) and a plain link without JavaScript.
    const signup = (await get(`/members/${id}/signup`)).body;
    expect(signup).toContain(`data-signup-inline data-after="/members/${id}/chat"`);
    expect(signup).toContain(`<h1>Sign up to reply to ${esc(profile.name)}</h1>`);
  });

  it('picks the first message by niche (the slug) and language, always the same for the same member', async () => {
    const id = await listedMember();
    const de = await get(`/members/${id}/landing2/6`, { cookie: 'i18n_redirected=de' });
    expect(bootOf(de.body).frame).toMatchObject({ niche: 6, locale: 'de' });
    const message = text(texts('de'), `profile.message.6.${1 + (id % 3)}`);
    expect(de.body).toContain(esc(message));
    expect((await get(`/members/${id}/landing2/milf`, { cookie: 'i18n_redirected=de' })).body).toContain(esc(message));
    const gay = await get(`/members/${id}/landing3/7`, { cookie: 'i18n_redirected=fr' });
    expect(gay.body).toContain(esc(text(texts('fr'), `profile.message.7.${1 + (id % 3)}`)));
    // Another member may get another of the niche's messages; each is in every niche and language.
    for (const lng of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'no', 'sv']) {
      for (let niche = 1; niche <= 7; niche++) for (let n = 1; n <= 3; n++) expect(text(texts(lng), `profile.message.${niche}.${n}`), `${lng} ${niche}.${n}`).toBeTruthy();
    }
  });

  it('never shows an invisible, inactive, deleted or unknown member: the visitor gets the niche\'s gallery in place', async () => {
    const expectGallery = async (url: string, absent?: number) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const { frame, data } = bootOf(res.body);
      expect(frame.lander, url).toBe('gallery');
      expect(data.faces!.length, url).toBeGreaterThan(0);
      // Not the member's page (the gallery's own list may be up to a minute old: its cache).
      expect(data.member, url).toBeUndefined();
      if (absent != null) expect(res.body, url).not.toContain(`/members/${absent}/chat`);
      return { frame, res };
    };
    // Invisible, after the page was shown (and cached): asked again on every request.
    const hidden = await listedMember();
    expect(bootOf((await get(`/members/${hidden}/landing`)).body).frame.lander).toBe('landing');
    await sql`UPDATE profiles SET invisible = true WHERE user_id = ${hidden}`.execute(t.kernel.db);
    for (const route of ['landing', 'landing2', 'landing3', 'signup']) await expectGallery(`/members/${hidden}/${route}`, hidden);
    // The slug's niche: the gallery of that niche.
    const { frame } = await expectGallery(`/members/${hidden}/landing2/7`, hidden);
    expect(frame.niche).toBe(7);
    // Not active (blocked by the site, or unconfirmed).
    const disabled = await listedMember();
    await t.kernel.services.get(membersRef).setStatus(disabled, 'disabled');
    await expectGallery(`/members/${disabled}/landing3`, disabled);
    // Deleted (blocked by nobody, but the account is gone).
    const deleted = await listedMember();
    await sql`UPDATE users SET deleted_at = now() WHERE id = ${deleted}`.execute(t.kernel.db);
    await expectGallery(`/members/${deleted}/signup`, deleted);
    // Without a main photo.
    const bare = await listedMember();
    await sql`DELETE FROM photos WHERE user_id = ${bare}`.execute(t.kernel.db);
    await expectGallery(`/members/${bare}/landing`, bare);
    // Unknown.
    await expectGallery('/members/2147483000/landing');
    // Not an id at all: the site's 404, never a 500.
    for (const url of ['/members/0/landing', '/members/abc/landing2', '/members/99999999999/landing3', '/members/-1/signup']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('lander-boot');
    }
    // Back in sight: the member's page again.
    await sql`UPDATE profiles SET invisible = false WHERE user_id = ${hidden}`.execute(t.kernel.db);
    expect(bootOf((await get(`/members/${hidden}/landing`)).body).frame.lander).toBe('landing');
  });

  it('shows the gallery\'s own cached page in place (one cache entry per niche\'s gallery, not per unknown id)', async () => {
    const a = await get('/members/2147483001/landing');
    const b = await get('/members/2147483002/landing3');
    const gallery = await get('/landers/gallery');
    expect(a.body).toBe(gallery.body);
    expect(b.body).toBe(gallery.body);
  });
});
