import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import type { FictionalProfile, MemberResponse, MembersResponse } from '../contract.ts';

// Fictional profiles (issue 22, part 6): made and edited from the console, audited, always marked
// `fictional` in every answer that shows them to members, shown on the domains of their niches.

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const input = (extra: Record<string, unknown> = {}) => ({
  name: 'Roxanne', gender: 'female', sexuality: 'hetero', birthdate: '1992-05-17', country: 'GB', region: 'bristol', city: 'Bristol',
  about: 'Coffee first.', interests: ['coffee', 'beach'], ...extra,
});
const create = async (cookie: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call({ method: 'POST', url: '/api/operator/members/fictional', cookie, payload: input(extra) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { profile: FictionalProfile }).profile;
};

describe('fictional profiles: the console', () => {
  it('is the console\'s: 404 for visitors and members, open to operators and admins', async () => {
    const member = await addMember(t);
    const [operator, admin] = await Promise.all([staffLogin(t, 'operator'), staffLogin(t, 'admin')]);
    const calls = [
      { method: 'GET' as const, url: '/api/operator/members/fictional' },
      { method: 'POST' as const, url: '/api/operator/members/fictional', payload: input() },
      { method: 'PUT' as const, url: '/api/operator/members/fictional', payload: { id: 1, changes: { name: 'X' } } },
      { method: 'POST' as const, url: '/api/operator/members/fictional/photo?id=1', payload: {} },
    ];
    for (const c of calls) {
      expect((await t.call(c)).statusCode, `${c.method} ${c.url} as a visitor`).toBe(404);
      expect((await t.call({ ...c, cookie: member.cookie })).statusCode, `${c.method} ${c.url} as a member`).toBe(404);
    }
    expect((await t.call({ ...calls[0], cookie: operator.cookie })).statusCode).toBe(200);
    expect((await t.call({ ...calls[0], cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('creates and edits a fictional profile, each change in the audit log with before and after', async () => {
    const operator = await staffLogin(t, 'operator');
    const made = await create(operator.cookie, { niches: [6, 2] });
    expect(made).toMatchObject({ name: 'Roxanne', gender: 'female', niches: [2, 6], status: 'active', photo: null, photos: 0, interests: ['coffee', 'beach'] });
    const list = (await t.call({ method: 'GET', url: '/api/operator/members/fictional', cookie: operator.cookie })).json() as { profiles: FictionalProfile[] };
    expect(list.profiles.map((p) => p.id)).toContain(made.id);

    const res = await t.call({ method: 'PUT', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: { id: made.id, changes: { city: 'Bath', niches: [] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { profile: FictionalProfile }).profile).toMatchObject({ city: 'Bath', niches: [], name: 'Roxanne' });

    const created = await t.kernel.audit.list({ action: 'members.fictional.create', target: `member:${made.id}` });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actor_id: operator.userId, actor_role: 'operator', before: null, after: { name: 'Roxanne', niches: [2, 6] } });
    const updated = await t.kernel.audit.list({ action: 'members.fictional.update', target: `member:${made.id}` });
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ before: { city: 'Bristol', niches: [2, 6] }, after: { city: 'Bath', niches: [] } });
  });

  it('refuses what a profile may not be, naming the field, and changes nothing then', async () => {
    const operator = await staffLogin(t, 'operator');
    const young = await t.call({ method: 'POST', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: input({ birthdate: `${t.kernel.clock.now().getUTCFullYear() - 17}-01-01` }) });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ error: 'too_young', params: { field: 'birthdate' } });
    const badDate = await t.call({ method: 'POST', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: input({ birthdate: '1990-02-31' }) });
    expect(badDate.statusCode).toBe(400);
    const unknown = await t.call({ method: 'PUT', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: { id: 999999, changes: { name: 'X' } } });
    expect(unknown.statusCode).toBe(404);
    // A real member is never edited as a fictional profile.
    const member = await addMember(t);
    const real = await t.call({ method: 'PUT', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: { id: member.id, changes: { name: 'X' } } });
    expect(real.statusCode).toBe(404);
    expect(await t.kernel.audit.list({ action: 'members.fictional.update', target: `member:${member.id}` })).toHaveLength(0);
  });
});

describe('fictional profiles: what members see', () => {
  it('carries the flag in the search, the profile and the conversation; real members are never flagged', async () => {
    const operator = await staffLogin(t, 'operator');
    const fictional = await create(operator.cookie, { name: 'Fiona', gender: 'female', country: 'NL', region: 'noord-holland', city: 'Haarlem' });
    const member = await addMember(t);
    const search = (await t.call({ method: 'GET', url: '/api/members.php?gender=female&country=NL', cookie: member.cookie })).json() as MembersResponse;
    const card = search.profiles.find((p) => p.id === fictional.id);
    expect(card).toMatchObject({ fictional: true, name: 'Fiona' });
    expect(search.profiles.filter((p) => p.id !== fictional.id).every((p) => p.fictional === false)).toBe(true);

    const profile = (await t.call({ method: 'GET', url: `/api/member.php?id=${fictional.id}`, cookie: member.cookie })).json() as MemberResponse;
    expect(profile.profile.fictional).toBe(true);
    const self = (await t.call({ method: 'GET', url: `/api/member.php?id=${member.id}`, cookie: member.cookie })).json() as MemberResponse;
    expect(self.profile.fictional).toBe(false);

    // The conversation's header, before anything is sent (and so before any credit is spent).
    const chat = await t.call({ method: 'GET', url: `/api/chat.php?member=${fictional.id}`, cookie: member.cookie });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json()).toMatchObject({ conversation: null, profile: { id: fictional.id, fictional: true } });
  });

  it('shows a fictional profile on the domains of its niches only (none listed: every domain)', async () => {
    const operator = await staffLogin(t, 'operator');
    const gayOnly = await create(operator.cookie, { name: 'Marco', gender: 'male', sexuality: 'gay', country: 'DE', region: 'BY', city: 'Munich', niches: [7] });
    const everywhere = await create(operator.cookie, { name: 'Max', gender: 'male', sexuality: 'gay', country: 'DE', region: 'BY', city: 'Munich' });
    const ids = async (host: string) => {
      const res = await t.call({ method: 'GET', url: '/api/members.php?gender=male&country=DE', headers: { host } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MembersResponse).profiles.map((p) => p.id);
    };
    const onDefault = await ids('localhost');
    expect(onDefault).toContain(everywhere.id);
    expect(onDefault).not.toContain(gayOnly.id);
    const onGay = await ids('gay.localhost');
    expect(onGay).toContain(everywhere.id);
    expect(onGay).toContain(gayOnly.id);
  });

  it('leaves a disabled fictional profile out of sight', async () => {
    const operator = await staffLogin(t, 'operator');
    const p = await create(operator.cookie, { name: 'Gone', country: 'FR', region: 'IDF', city: 'Paris' });
    await t.call({ method: 'PUT', url: '/api/operator/members/fictional', cookie: operator.cookie, payload: { id: p.id, changes: { status: 'disabled' } } });
    const member = await addMember(t);
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${p.id}`, cookie: member.cookie })).statusCode).toBe(404);
  });
});
