import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import { MODERATION_CLAIM_MINUTES } from '../contract.ts';

// The console's moderation: the reports queue and the photo review queue (claimed, decided,
// closed), hiding a photo; roles on every endpoint; every change audited with before and after.

let t: TestApp;
let op: { cookie: string; userId: number };
let op2: { cookie: string; userId: number };
let admin: { cookie: string; userId: number };
let member: Awaited<ReturnType<typeof addMember>>;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  op = await staffLogin(t, 'operator');
  op2 = await staffLogin(t, 'operator');
  admin = await staffLogin(t, 'admin');
  member = await addMember(t);
});
afterAll(() => t?.close());

const jpeg = (color = '#c235c1') => sharp({ create: { width: 400, height: 500, channels: 3, background: color } }).jpeg().toBuffer();
const upload = async (cookie: string, color?: string) => {
  const res = await t.call({ method: 'POST', url: '/api/photos.php', payload: await jpeg(color), headers: { 'content-type': 'image/jpeg' }, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile.images as { id: number; is_main: boolean; status: string }[];
};
const report = async (from: { cookie: string }, id: number) => {
  const res = await t.call({ method: 'POST', url: '/api/report.php', payload: { id, reason: 'scam', comment: 'Asked me for money' }, cookie: from.cookie });
  expect(res.statusCode, res.body).toBe(200);
};
const post = (url: string, payload: object, who: { cookie: string }) => t.call({ method: 'POST', url, payload, cookie: who.cookie });
const get = (url: string, who: { cookie: string }) => t.call({ method: 'GET', url, cookie: who.cookie });
const audits = (action: string) => t.kernel.audit.list({ action });

describe('moderation endpoints: who may call them', () => {
  it('404 for visitors and members, served to operators and admins', async () => {
    const reported = await addMember(t);
    await report(member, reported.id);
    const calls: [string, string, object?][] = [
      ['GET', '/api/operator/members/reports'],
      ['GET', '/api/operator/members/photos'],
      ['POST', '/api/operator/members/reports/claim', { id: 999999 }],
      ['POST', '/api/operator/members/reports/release', { id: 999999 }],
      ['POST', '/api/operator/members/reports/decide', { id: 999999, decision: 'no_action' }],
      ['POST', '/api/operator/members/photos/claim', { id: 999999 }],
      ['POST', '/api/operator/members/photos/release', { id: 999999 }],
      ['POST', '/api/operator/members/photos/decide', { id: 999999, decision: 'approved' }],
      ['POST', '/api/operator/members/photos/hide', { id: 999999, hidden: true }],
    ];
    for (const [method, url, payload] of calls) {
      const as = (cookie?: string) => t.call({ method: method as 'GET' | 'POST', url, payload, cookie });
      expect((await as()).statusCode, `${url} visitor`).toBe(404);
      expect((await as(member.cookie)).statusCode, `${url} member`).toBe(404);
      // Operators and admins reach the endpoint: a list answers, an action on a missing item says so.
      for (const who of [op, admin]) {
        const res = await as(who.cookie);
        if (method === 'GET') expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        else expect(res.json().error, `${url} ${res.body}`).toMatch(/_not_found$/);
      }
    }
  });
});

describe('the reports queue', () => {
  it('a member\'s report is claimed by one operator, decided and closed, each step audited', async () => {
    const reported = await addMember(t, { name: 'Scammy' });
    await report(member, reported.id);
    const open = (await get(`/api/operator/members/reports?member=${reported.id}`, op)).json();
    expect(open.total).toBe(1);
    const item = open.items[0];
    expect(item).toMatchObject({ status: 'open', reason: 'scam', comment: 'Asked me for money', reported: { id: reported.id, name: 'Scammy', email: reported.email }, reporter: { id: member.id }, reports_against: 1 });

    // Deciding needs a claim; a claim holds against other operators.
    expect((await post('/api/operator/members/reports/decide', { id: item.id, decision: 'no_action' }, op)).json().error).toBe('not_claimed');
    const claimed = await post('/api/operator/members/reports/claim', { id: item.id }, op);
    expect(claimed.json().report).toMatchObject({ status: 'claimed', mine: true, claimed_by: { id: op.userId } });
    const other = await post('/api/operator/members/reports/claim', { id: item.id }, op2);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('claimed_by_other');
    expect((await get(`/api/operator/members/reports?member=${reported.id}`, op2)).json().items[0]).toMatchObject({ status: 'claimed', mine: false });
    expect((await post('/api/operator/members/reports/decide', { id: item.id, decision: 'warned' }, op2)).json().error).toBe('not_claimed');

    const decided = await post('/api/operator/members/reports/decide', { id: item.id, decision: 'warned', note: 'Warned by mail' }, op);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().report).toMatchObject({ status: 'closed', decision: 'warned', note: 'Warned by mail', decided_by: { id: op.userId } });
    expect((await get(`/api/operator/members/reports?member=${reported.id}`, op)).json().total).toBe(0);
    expect((await get(`/api/operator/members/reports?member=${reported.id}&status=closed`, op)).json().items[0].id).toBe(item.id);
    expect((await post('/api/operator/members/reports/claim', { id: item.id }, op2)).json().error).toBe('closed');

    const [claimAudit] = (await audits('members.report.claim')).filter((a) => a.target === `report:${item.id}`);
    expect(claimAudit).toMatchObject({ actor_id: op.userId, actor_role: 'operator', before: { status: 'open', claimed_by: null }, after: { status: 'claimed', claimed_by: op.userId } });
    const [decideAudit] = (await audits('members.report.decide')).filter((a) => a.target === `report:${item.id}`);
    expect(decideAudit).toMatchObject({ before: { status: 'claimed', decision: null }, after: { status: 'closed', decision: 'warned', note: 'Warned by mail', decided_by: op.userId } });
  });

  it('a claim lapses after the time without a decision, and can be released', async () => {
    const reported = await addMember(t);
    await report(member, reported.id);
    const { items: [item] } = (await get(`/api/operator/members/reports?member=${reported.id}`, op)).json();
    await post('/api/operator/members/reports/claim', { id: item.id }, op);
    expect((await post('/api/operator/members/reports/release', { id: item.id }, op2)).json().error).toBe('not_claimed');
    t.kernel.clock.advance(MODERATION_CLAIM_MINUTES * 60_000 + 1000);
    expect((await get(`/api/operator/members/reports?member=${reported.id}`, op2)).json().items[0].status).toBe('open');
    const taken = await post('/api/operator/members/reports/claim', { id: item.id }, op2);
    expect(taken.json().report).toMatchObject({ status: 'claimed', claimed_by: { id: op2.userId } });
    const released = await post('/api/operator/members/reports/release', { id: item.id }, op2);
    expect(released.json().report).toMatchObject({ status: 'open', claimed_by: null });
    expect((await audits('members.report.release')).some((a) => a.target === `report:${item.id}`)).toBe(true);
  });

  it('two operators claiming at once: exactly one gets it', async () => {
    const reported = await addMember(t);
    await report(member, reported.id);
    const { items: [item] } = (await get(`/api/operator/members/reports?member=${reported.id}`, op)).json();
    const results = await Promise.all([op, op2].map((who) => post('/api/operator/members/reports/claim', { id: item.id }, who)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('photos', () => {
  it('an upload waits for review; hiding it in the review takes it out of the profile for others', async () => {
    const owner = await addMember(t, { name: 'Photogenic' });
    const viewer = await addMember(t);
    const images = await upload(owner.cookie, '#ffa800');
    await upload(owner.cookie, '#00b300');
    const main = images[0];
    const queue = (await get(`/api/operator/members/photos?member=${owner.id}`, op)).json();
    expect(queue.total).toBe(2);
    expect(queue.items[0]).toMatchObject({ id: main.id, user_id: owner.id, member_name: 'Photogenic', visibility: 'shown', is_main: true, status: 'open' });
    expect(queue.items[0].full).toContain('-full.jpg');

    expect((await post('/api/operator/members/photos/decide', { id: main.id, decision: 'hidden' }, op)).json().error).toBe('not_claimed');
    await post('/api/operator/members/photos/claim', { id: main.id }, op);
    expect((await post('/api/operator/members/photos/claim', { id: main.id }, admin)).json().error).toBe('claimed_by_other');
    const decided = await post('/api/operator/members/photos/decide', { id: main.id, decision: 'hidden', note: 'Not a portrait' }, op);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().photo).toMatchObject({ status: 'closed', decision: 'hidden', visibility: 'hidden', is_main: false });

    // Others no longer see it; the other photo is the main one now; the owner sees it pending.
    const seen = (await t.call({ method: 'GET', url: `/api/member.php?id=${owner.id}`, cookie: viewer.cookie })).json().profile;
    expect(seen.images.map((i: { id: number }) => i.id)).not.toContain(main.id);
    expect(seen.main_image.id).not.toBe(main.id);
    const own = (await t.call({ method: 'GET', url: '/api/profile.php', cookie: owner.cookie })).json().profile;
    expect(own.images.find((i: { id: number }) => i.id === main.id)).toMatchObject({ status: 'pending', is_main: false });
    // It cannot be made the main photo again by its owner.
    expect((await t.call({ method: 'PUT', url: '/api/photos.php', payload: { id: main.id, main: true }, cookie: owner.cookie })).statusCode).toBe(404);

    const [audit] = (await audits('members.photo.decide')).filter((a) => a.target === `photo:${main.id}`);
    expect(audit).toMatchObject({ before: { visibility: 'shown', is_main: true }, after: { visibility: 'hidden', is_main: false, review: { status: 'closed', decision: 'hidden' } } });
    expect((await get(`/api/operator/members/photos?member=${owner.id}`, op)).json().total).toBe(1);
    expect((await get(`/api/operator/members/photos?member=${owner.id}&status=closed`, op)).json().items[0].id).toBe(main.id);
  });

  it('hides a photo from a member\'s page without a claim, and shows it again', async () => {
    const owner = await addMember(t);
    const [photo] = await upload(owner.cookie);
    const hidden = await post('/api/operator/members/photos/hide', { id: photo.id, hidden: true, note: 'Nudity' }, admin);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().photo).toMatchObject({ visibility: 'hidden', is_main: false, status: 'closed', decision: 'hidden' });
    const user = (await t.call({ method: 'GET', url: '/api/user.php', cookie: owner.cookie })).json().user;
    expect(user.profile.main_image).toBeNull();
    const shown = await post('/api/operator/members/photos/hide', { id: photo.id, hidden: false }, op);
    expect(shown.json().photo).toMatchObject({ visibility: 'shown', is_main: true, decision: 'approved' });
    const trail = [...await audits('members.photo.hide'), ...await audits('members.photo.show')].filter((a) => a.target === `photo:${photo.id}`);
    expect(trail.map((a) => a.action).sort()).toEqual(['members.photo.hide', 'members.photo.show']);
  });

  it('leaves the photos of fictional profiles (the team\'s own uploads) out of the review queue', async () => {
    const made = await t.call({
      method: 'POST', url: '/api/operator/members/fictional', cookie: op.cookie,
      payload: { name: 'Fenna', gender: 'female', sexuality: 'hetero', birthdate: '1990-01-02', country: 'NL', region: 'gelderland', city: 'Arnhem' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().profile.id as number;
    const added = await t.call({ method: 'POST', url: `/api/operator/members/fictional/photo?id=${id}`, payload: await jpeg('#3355aa'), headers: { 'content-type': 'image/jpeg' }, cookie: op.cookie });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().profile.photos).toBe(1);
    for (const status of ['open', 'claimed', 'closed']) {
      const queue = (await get(`/api/operator/members/photos?member=${id}&status=${status}`, op)).json();
      expect(queue, status).toMatchObject({ total: 0, items: [] });
    }
    const all = (await get('/api/operator/members/photos', op)).json() as { items: { user_id: number }[] };
    expect(all.items.some((p) => p.user_id === id)).toBe(false);
  });
});
