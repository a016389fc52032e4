import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  process.env.MAIL_EVENTS_TOKEN = 'test-mail-events-token';
  t = await createTestApp({ profiles: 0 });
  delete process.env.MAIL_EVENTS_TOKEN;
  cookie = sessionCookie(await t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } }));
});
afterAll(async () => { await t?.close(); });

const disabled = async () => (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.notifications_disabled;
const reset = () => t.call({ method: 'PUT', url: '/api/notifications.php', payload: { notifications_disabled: [] }, cookie });

describe('notification preferences', () => {
  it('switches categories on and off, reflected in the user object', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/notifications.php', payload: { notifications_disabled: ['promotions', 'like'] }, cookie });
    expect(res.json().user.notifications_disabled).toEqual(['like', 'promotions']);
    expect(await disabled()).toEqual(['like', 'promotions']);
    await reset();
    expect(await disabled()).toEqual([]);
  });

  it('refuses unknown categories, duplicates and visitors', async () => {
    for (const payload of [{ notifications_disabled: ['spam'] }, { notifications_disabled: ['like', 'like'] }, { notifications_disabled: 'like' }, {}]) {
      expect((await t.call({ method: 'PUT', url: '/api/notifications.php', payload, cookie })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.call({ method: 'PUT', url: '/api/notifications.php', payload: { notifications_disabled: [] } })).statusCode).toBe(403);
  });
});

describe('unsubscribe links', () => {
  const mailToDemo = async () => {
    // A password reset mail is as good as any: every mail carries the links.
    await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'demo@example.com' } });
    return (await t.mails('demo@example.com')).at(-1)!;
  };

  it('puts a page link in the body and a one-click List-Unsubscribe header on every mail', async () => {
    const mail = await mailToDemo();
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost(:\d+)?\/api\/unsubscribe\.php\?token=\d+\.all\.[\w-]{32}>$/);
    expect(mail.text).toContain('/notifications?unsubscribe=');
    expect(mail.html).toContain('/notifications?unsubscribe=');
  });

  it('unsubscribes with one click from a mail client (form post, no client header)', async () => {
    const mail = await mailToDemo();
    const url = new URL(mail.headers!['List-Unsubscribe'].slice(1, -1));
    const info = await t.call({ method: 'GET', url: url.pathname + url.search });
    expect(info.json()).toEqual({ category: 'all', email: 'd•••@example.com' });
    const res = await t.app.inject({
      method: 'POST', url: url.pathname + url.search, payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(await disabled()).toHaveLength(8);
    await reset();
  });

  it('refuses forged or altered links', async () => {
    const mail = await mailToDemo();
    const token = new URL(linkIn(mail, '/notifications?unsubscribe=')).searchParams.get('unsubscribe')!;
    const [id, , sig] = token.split('.');
    for (const bad of [`${Number(id) + 1}.all.${sig}`, `${id}.promotions.${sig}`, 'x', `${id}.all.${'A'.repeat(32)}`]) {
      const res = await t.call({ method: 'POST', url: `/api/unsubscribe.php?token=${encodeURIComponent(bad)}`, payload: {} });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('link_invalid');
    }
    expect(await disabled()).toEqual([]);
  });
});

describe('bounce and complaint reports', () => {
  it('disables every notification mail of the reported member', async () => {
    const report = (auth: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/mail-events.php', payload, headers: { authorization: auth, 'content-type': 'application/json' } });
    expect((await report('Bearer wrong', { type: 'bounce', email: 'demo@example.com' })).statusCode).toBe(401);
    expect((await report('Bearer test-mail-events-token', { type: 'other', email: 'demo@example.com' })).statusCode).toBe(400);
    expect((await report('Bearer test-mail-events-token', { type: 'complaint', email: 'nobody@example.com' })).json()).toEqual({ ok: true, matched: false });
    expect((await report('Bearer test-mail-events-token', { type: 'complaint', email: 'DEMO@example.com' })).json()).toEqual({ ok: true, matched: true });
    expect(await disabled()).toHaveLength(8);
    await reset();
  });
});
