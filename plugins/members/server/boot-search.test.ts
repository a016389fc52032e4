import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootDataIn, createShellTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createShellTestApp(); });
afterAll(async () => { await t?.close(); });

const searchIn = (html: string) => bootDataIn(html)['members-search'];

describe('first search page in the HTML', () => {
  it('carries the unfiltered first page on /members (and / for members), as members.php answers it', async () => {
    const viewer = await addMember(t, { gender: 'male' });
    await addMember(t, { gender: 'female', name: 'Ewa' });
    const api = await t.call({ method: 'GET', url: '/api/members.php?page=1', cookie: viewer.cookie });
    for (const url of ['/members', '/']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(searchIn(page.body), url).toEqual(api.json());
    }
  });

  it('leaves filtered addresses, other pages and visitors on / to the API', async () => {
    const viewer = await addMember(t);
    for (const url of ['/members?country=DE', '/members?page=2', '/login']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(searchIn(page.body), url).toBeNull();
    }
    expect(searchIn((await t.app.inject({ method: 'GET', url: '/' })).body)).toBeNull();
  });
});
