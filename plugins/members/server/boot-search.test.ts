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

describe('a profile in the HTML', () => {
  it('carries the profile of /members/:id as member.php answers it, and nothing for one that is not there', async () => {
    const viewer = await addMember(t, { gender: 'male' });
    const other = await addMember(t, { gender: 'female', name: 'Ilse' });
    const api = await t.call({ method: 'GET', url: `/api/member.php?id=${other.id}`, cookie: viewer.cookie });
    const page = await t.app.inject({ method: 'GET', url: `/members/${other.id}`, headers: { cookie: viewer.cookie } });
    expect(bootDataIn(page.body)['member-profile']).toEqual(api.json());
    for (const url of ['/members/999999', '/members/0', '/members/99999999999', `/members/${other.id}/x`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(bootDataIn(res.body)['member-profile'] ?? null, url).toBeNull();
    }
  });

  it('leaves out a member who blocked the viewer, as member.php does', async () => {
    const viewer = await addMember(t);
    const blocker = await addMember(t);
    await t.call({ method: 'POST', url: '/api/block.php', cookie: blocker.cookie, payload: { id: viewer.id } });
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${blocker.id}`, cookie: viewer.cookie })).statusCode).not.toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/members/${blocker.id}`, headers: { cookie: viewer.cookie } });
    expect(bootDataIn(page.body)['member-profile']).toBeNull();
  });
});
