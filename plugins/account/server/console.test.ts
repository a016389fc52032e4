import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, creditsOf, linkIn, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import { creditsRef } from '../../credits/server.ts';

// The console's members section: search, a member's page, disable/enable, delete/restore, a
// reset link, credits (admins); roles on every endpoint; every change audited with before/after.

let t: TestApp;
let op: { cookie: string; userId: number; email: string };
let admin: { cookie: string; userId: number; email: string };
let member: Awaited<ReturnType<typeof addMember>>;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  op = await staffLogin(t, 'operator');
  admin = await staffLogin(t, 'admin');
  member = await addMember(t, { name: 'Zoltana' });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, who?: { cookie: string }) => t.call({ method: 'POST', url, payload, cookie: who?.cookie });
const get = (url: string, who?: { cookie: string }) => t.call({ method: 'GET', url, cookie: who?.cookie });
const audits = (action: string, target?: string) => t.kernel.audit.list({ action, target });
const B = '/api/operator/account';

describe('members console: who may call it', () => {
  it('404 for visitors and members; operators do members, credits are admins only (403 for an operator)', async () => {
    const id = member.id;
    const calls: [string, string, object?][] = [
      ['GET', `${B}/members?q=x`],
      ['GET', `${B}/members?domain=localhost`],
      ['GET', `${B}/member?id=${id}`],
      ['POST', `${B}/member/disable`, { id: 999999, reason: 'testing roles' }],
      ['POST', `${B}/member/enable`, { id: 999999 }],
      ['POST', `${B}/member/delete`, { id: 999999, reason: 'testing roles' }],
      ['POST', `${B}/member/restore`, { id: 999999 }],
      ['POST', `${B}/member/reset-link`, { id: 999999 }],
      ['POST', `${B}/member/credits`, { id: 999999, amount: 5, reason: 'testing roles' }],
    ];
    for (const [method, url, payload] of calls) {
      const as = (cookie?: string) => t.call({ method: method as 'GET' | 'POST', url, payload, cookie });
      expect((await as()).statusCode, `${url} visitor`).toBe(404);
      expect((await as(member.cookie)).statusCode, `${url} member`).toBe(404);
      const adminOnly = url.endsWith('/credits');
      for (const who of [op, admin]) {
        const res = await as(who.cookie);
        if (adminOnly && who === op) { expect(res.statusCode, `${url} operator`).toBe(403); continue; }
        if (method === 'GET') expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        else expect(res.json().error, `${url} ${res.body}`).toBe('member_not_found');
      }
    }
  });

  it('bad input answers 400, never 500', async () => {
    const bad: [string, string, object?][] = [
      ['GET', `${B}/members`],
      ['GET', `${B}/members?q=`],
      ['GET', `${B}/members?domain=%20`],
      ['GET', `${B}/members?domain=${'d'.repeat(254)}`],
      ['GET', `${B}/members?q=x&page=0`],
      ['GET', `${B}/members?q=${'x'.repeat(201)}`],
      ['GET', `${B}/members?q=%20%20`],
      ['GET', `${B}/member?id=abc`],
      ['GET', `${B}/member?id=99999999999`],
      ['POST', `${B}/member/disable`, { id: member.id }],
      ['POST', `${B}/member/disable`, { id: member.id, reason: 'no' }],
      ['POST', `${B}/member/disable`, { id: 'x', reason: 'because' }],
      ['POST', `${B}/member/enable`, { id: member.id, extra: 1 }],
      ['POST', `${B}/member/credits`, { id: member.id, amount: 0, reason: 'because' }],
      ['POST', `${B}/member/credits`, { id: member.id, amount: 1.5, reason: 'because' }],
      ['POST', `${B}/member/credits`, { id: member.id, amount: 100001, reason: 'because' }],
      ['POST', `${B}/member/credits`, { id: member.id, amount: 5, reason: '   ' }],
      ['POST', `${B}/member/credits`, { id: member.id, amount: 5 }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await t.call({ method: method as 'GET' | 'POST', url, payload, cookie: admin.cookie });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)} ${res.body}`).toBe(400);
    }
  });
});

describe('members console: search and the member page', () => {
  it('finds members by e-mail (contains), name and id, paged, newest first', async () => {
    const part = member.email.slice(0, 12);
    const byMail = (await get(`${B}/members?q=${encodeURIComponent(part.toUpperCase())}`, op)).json();
    expect(byMail.items.map((r: { id: number }) => r.id)).toContain(member.id);
    expect(byMail.items.find((r: { id: number }) => r.id === member.id)).toMatchObject({ email: member.email, name: 'Zoltana', role: 'member', disabled_at: null });
    const byName = (await get(`${B}/members?q=oltan`, op)).json();
    expect(byName.items.map((r: { id: number }) => r.id)).toEqual([member.id]);
    const byId = (await get(`${B}/members?q=${member.id}`, op)).json();
    expect(byId.items.map((r: { id: number }) => r.id)).toContain(member.id);
    const none = (await get(`${B}/members?q=nobody-like-this`, op)).json();
    expect(none).toEqual({ items: [], total: 0, page: 1, per_page: 50 });
    // % and _ are searched as themselves.
    expect((await get(`${B}/members?q=%25`, op)).json().total).toBe(0);
  });

  it('finds members by the domain they signed up on, alone or with a term', async () => {
    const email = `domainer${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.call({
      method: 'POST', url: '/api/signup.php', remoteAddress: '198.51.100.77', payload: {
        gender: 'female', looking_for: ['male'], date_of_birth: '1990-04-12', country: 'GB', region: 'devon', city: 'Exeter',
        name: 'Domaina', email, password: 'long-enough-1', language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().user.id as number;
    const onSite = (await get(`${B}/members?domain=LOCALHOST`, op)).json();
    expect(onSite.items.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(onSite.items[0]).toMatchObject({ email, name: 'Domaina', domain: 'localhost' });
    expect((await get(`${B}/members?domain=localhost&q=domaina`, op)).json().total).toBe(1);
    expect((await get(`${B}/members?domain=localhost&q=zoltana`, op)).json().total).toBe(0);
    expect((await get(`${B}/members?domain=elsewhere.example`, op)).json().total).toBe(0);
    // Made without the signup (addMember): not recorded.
    expect((await get(`${B}/members?q=${member.id}`, op)).json().items.find((r: { id: number }) => r.id === member.id).domain).toBeNull();
    expect((await get(`${B}/member?id=${id}`, op)).json().account.domain).toBe('localhost');
  });

  it('shows the account, profile, credits, conversations and logins', async () => {
    await t.kernel.services.get(creditsRef).grant(member.id, 7, 'test');
    const res = await get(`${B}/member?id=${member.id}`, op);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m.account).toMatchObject({ id: member.id, email: member.email, status: 'active', role: 'member', deleted_at: null, disabled_at: null });
    expect(m.account.last_login).not.toBeNull();
    expect(m.profile).toMatchObject({ name: 'Zoltana' });
    expect(m.photos).toEqual([]);
    expect(m.reports).toEqual({ against: [], filed: 0 });
    expect(m.credits.balance).toBe(7);
    expect(m.credits.entries[0]).toMatchObject({ amount: 7, balance_after: 7, reason: 'test' });
    expect(m.conversations).toBe(0);
    expect(m.logins.length).toBeGreaterThan(0);
    expect((await get(`${B}/member?id=999999`, op)).statusCode).toBe(404);
  });
});

describe('members console: actions', () => {
  it('disables (the member is logged out and cannot log in) and enables again, audited', async () => {
    const m = await addMember(t);
    expect((await get('/api/user.php', m)).statusCode).toBe(200);
    const res = await post(`${B}/member/disable`, { id: m.id, reason: 'Spam in every chat' }, op);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.account.disabled_at).not.toBeNull();
    // The session ended: the next request is a visitor's.
    expect((await get('/api/user.php', m)).statusCode).toBe(403);
    const login = await post('/api/user.php', { email: m.email, password: m.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('account_disabled');
    // A reset link would not let them in either.
    expect((await post('/api/reset-password.php', { email: m.email })).json().error).toBe('account_disabled');
    expect((await post(`${B}/member/reset-link`, { id: m.id }, op)).json().error).toBe('account_disabled');
    expect((await post(`${B}/member/disable`, { id: m.id, reason: 'again and again' }, op)).statusCode).toBe(409);
    const [row] = await audits('account.disable', `user:${m.id}`);
    expect(row).toMatchObject({ actor_id: op.userId, actor_role: 'operator' });
    expect(row!.before).toMatchObject({ disabled_at: null });
    expect(row!.after).toMatchObject({ reason: 'Spam in every chat' });
    expect((row!.after as { disabled_at: string | null }).disabled_at).not.toBeNull();

    const enabled = await post(`${B}/member/enable`, { id: m.id }, op);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().member.account.disabled_at).toBeNull();
    expect((await post('/api/user.php', { email: m.email, password: m.password })).statusCode).toBe(200);
    const [on] = await audits('account.enable', `user:${m.id}`);
    expect(on!.after).toMatchObject({ disabled_at: null });
    expect((await post(`${B}/member/enable`, { id: m.id }, op)).json().error).toBe('not_disabled');
  });

  it('keeps a disabled member out of the lists, also through the activation link; enabling lists only a confirmed one', async () => {
    const email = `unconfirmed${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.call({
      method: 'POST', url: '/api/signup.php', remoteAddress: '198.51.100.78', payload: {
        gender: 'male', looking_for: ['female'], date_of_birth: '1991-04-12', country: 'GB', region: 'devon', city: 'Exeter',
        name: 'Unconfirmo', email, password: 'long-enough-1', language: 'en',
      },
    });
    const id = res.json().user.id as number;
    const listed = async () => (await get(`${B}/member?id=${id}`, op)).json().profile.status;
    expect(await listed()).toBe('disabled');
    await post(`${B}/member/disable`, { id, reason: 'Fake profile' }, op);
    // The activation mail's link confirms the address but does not list a disabled member.
    const link = linkIn((await t.mails(email)).find((m) => m.text.includes('/api/activate.php')), '/api/activate.php');
    const u = new URL(link);
    expect((await t.call({ method: 'GET', url: `${u.pathname}${u.search}` })).statusCode).toBe(302);
    expect((await get(`${B}/member?id=${id}`, op)).json().account.status).toBe('active');
    expect(await listed()).toBe('disabled');
    await post(`${B}/member/enable`, { id }, op);
    expect(await listed()).toBe('active');
  });

  it('deletes as the member would (mailed way back within 14 days) and restores, audited', async () => {
    const m = await addMember(t);
    const res = await post(`${B}/member/delete`, { id: m.id, reason: 'Asked by phone' }, op);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().member;
    expect(view.account.deleted_at).not.toBeNull();
    expect(new Date(view.account.purge_at).getTime() - new Date(view.account.deleted_at).getTime()).toBe(14 * 86400_000);
    expect(view.deletion).toMatchObject({ reason: 'console', comment: 'Asked by phone' });
    expect((await get('/api/user.php', m)).statusCode).toBe(403);
    expect((await post('/api/user.php', { email: m.email, password: m.password })).json().error).toBe('account_deletion_pending');
    const [row] = await audits('account.delete', `user:${m.id}`);
    expect(row!.before).toMatchObject({ deleted_at: null });
    expect(row!.after).toMatchObject({ reason: 'Asked by phone' });
    // The member was mailed the link that undoes it.
    const mail = (await t.mails(m.email)).at(-1);
    expect(linkIn(mail, '/api/reactivate.php')).toContain('token=');
    expect((await post(`${B}/member/delete`, { id: m.id, reason: 'Asked by phone' }, op)).json().error).toBe('already_deleted');

    const back = await post(`${B}/member/restore`, { id: m.id }, op);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().member.account.deleted_at).toBeNull();
    expect((await post('/api/user.php', { email: m.email, password: m.password })).statusCode).toBe(200);
    expect((await audits('account.restore', `user:${m.id}`))).toHaveLength(1);
  });

  it('mails a password-reset link the member can use, audited', async () => {
    const m = await addMember(t);
    const res = await post(`${B}/member/reset-link`, { id: m.id }, op);
    expect(res.statusCode, res.body).toBe(200);
    const link = linkIn((await t.mails(m.email)).at(-1), '/reset-password/do');
    const token = new URL(link).searchParams.get('token')!;
    const done = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'a-new-password-1', password_confirmation: 'a-new-password-1' } });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await audits('account.reset_link', `user:${m.id}`);
    expect(row!.after).toMatchObject({ reset_link_sent_to: m.email });
  });

  it('grants and takes credits exactly, never below zero; admins only; audited with the reason', async () => {
    const m = await addMember(t);
    const grant = await post(`${B}/member/credits`, { id: m.id, amount: 50, reason: 'Sorry for the outage' }, admin);
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().member.credits.balance).toBe(50);
    expect(grant.json().member.credits.entries[0]).toMatchObject({ amount: 50, balance_after: 50, reason: 'console: Sorry for the outage' });
    const take = await post(`${B}/member/credits`, { id: m.id, amount: -20, reason: 'Granted twice' }, admin);
    expect(take.json().member.credits.balance).toBe(30);
    const over = await post(`${B}/member/credits`, { id: m.id, amount: -31, reason: 'Too much' }, admin);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('insufficient_credits');
    expect((await creditsOf(t, m.id)).credits).toBe(30);
    const [g] = await audits('account.credits.grant', `user:${m.id}`);
    expect(g).toMatchObject({ actor_id: admin.userId, actor_role: 'admin', before: { balance: 0 }, after: { balance: 50, amount: 50, reason: 'Sorry for the outage' } });
    const takes = await audits('account.credits.take', `user:${m.id}`);
    expect(takes).toHaveLength(1);
    expect(takes[0]).toMatchObject({ before: { balance: 50 }, after: { balance: 30, amount: -20 } });
  });

  it('refuses to act on console accounts', async () => {
    const res = await post(`${B}/member/disable`, { id: admin.userId, reason: 'Not allowed here' }, op);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('staff_account');
    expect(await audits('account.disable', `user:${admin.userId}`)).toHaveLength(0);
  });
});
