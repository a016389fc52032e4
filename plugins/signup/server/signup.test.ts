import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

let ipCounter = 0;
const valid = (over: Record<string, unknown> = {}) => ({
  gender: 'female', looking_for: ['male'], date_of_birth: '1990-04-12', country: 'GB', region: 'devon', city: 'Exeter',
  name: 'Sunny', email: `sunny${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'long-enough-1', signup_message: 'Hi there!', language: 'de',
  ...over,
});
const signup = (payload: Record<string, unknown>, extra: { host?: string; cookie?: string; ip?: string } = {}) => t.app.inject({
  method: 'POST', url: '/api/signup.php', payload, remoteAddress: extra.ip ?? `198.51.100.${++ipCounter}`,
  headers: { 'x-request-type': 'client', 'content-type': 'application/json', ...(extra.host ? { host: extra.host } : {}), ...(extra.cookie ? { cookie: extra.cookie } : {}) },
});

describe('signup', () => {
  it('makes an unconfirmed member with signup credits, a hidden profile and a session, and mails an activation link', async () => {
    const body = valid();
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ email: body.email, status: 'not_confirmed', credits: 10, language: 'de', paid_user: false });
    expect(user.profile).toMatchObject({ name: 'Sunny', country: 'GB', status: 'disabled' });
    const cookie = sessionCookie(res);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user.id).toBe(user.id);
    const profile = await t.kernel.db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ gender: 'female', sexuality: 'hetero', region: 'devon', city: 'Exeter', about: 'Hi there!' });
    // Hidden from search until confirmed.
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${user.id}` })).statusCode).toBe(404);

    const [mail] = await t.mails(body.email);
    expect(mail.subject).toContain('FlirtHaven');
    expect(mail.html).toContain('<a href="http://localhost');
    expect(mail.text).toContain('/api/activate.php?token=');
    const link = new URL(linkIn(mail, '/api/activate.php'));
    const act = await t.call({ method: 'GET', url: link.pathname + link.search });
    expect(act.statusCode).toBe(302);
    expect(act.headers.location).toBe('/activate/done');
    const after = (await t.call({ method: 'GET', url: '/api/user.php', cookie })).json().user;
    expect(after.status).toBe('active');
    expect(after.profile.status).toBe('active');
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${user.id}` })).statusCode).toBe(200);
    // The link works once.
    expect((await t.call({ method: 'GET', url: link.pathname + link.search })).headers.location).toBe('/activate/error');
    expect((await t.call({ method: 'GET', url: '/api/activate.php?token=nonsense' })).headers.location).toBe('/activate/error');
  });

  it('writes the activation mail in the member\'s language with HTML and text parts', async () => {
    const body = valid({ language: 'nl' });
    await signup(body);
    const [mail] = await t.mails(body.email);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('lang="nl"');
    expect(mail.text.length).toBeGreaterThan(50);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost(:\d+)?\/api\/unsubscribe\.php\?token=/);
  });

  it('refuses each invalid field with the spec\'s message and names the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'same@example.com', email: 'same@example.com' }, 'name_equals_email', 'name'],
      [{ name: '@sunny' }, 'name_starts_with_at', 'name'],
      [{ name: 'x' }, 'name_invalid', 'name'],
      [{ date_of_birth: '' }, 'dob_missing', 'date_of_birth'],
      [{ date_of_birth: '1990-02-30' }, 'dob_invalid', 'date_of_birth'],
      [{ date_of_birth: `${new Date().getFullYear() - 17}-01-01` }, 'dob_too_young', 'date_of_birth'],
      [{ email: 'not-an-email' }, 'invalid_email', 'email'],
      [{ password: 'short' }, 'password_too_short', 'password'],
      [{ country: 'US' }, 'country_missing', 'country'],
      [{ region: 'atlantis' }, 'region_missing', 'region'],
      [{ looking_for: [] }, 'looking_for_missing', 'looking_for'],
    ];
    for (const [over, code, field] of cases) {
      const res = await signup(valid(over));
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ error: code, params: { field } });
    }
    const dob = await signup(valid({ date_of_birth: '' }));
    expect(dob.json().params.min_age).toBe(18);
  });

  it('answers bad input with 400s, never 500s', async () => {
    for (const payload of [{}, { gender: 'robot' }, { looking_for: 'male' }, { email: 5 }, { tracking: { evil: 'x' } }, { ...valid(), extra: 1 }]) {
      const res = await signup(payload as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses an address that already has an account, and one whose deletion is pending', async () => {
    const res = await signup(valid({ email: 'Demo@Example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'email_exists', message: 'An account with this email already exists (log in)' });
    await t.kernel.db.updateTable('users').set({ deleted_at: new Date() }).where('email', '=', 'demo@example.com').execute();
    const pending = await signup(valid({ email: 'demo@example.com' }));
    expect(pending.json().error).toBe('account_deletion_pending');
    await t.kernel.db.updateTable('users').set({ deleted_at: null }).where('email', '=', 'demo@example.com').execute();
  });

  it('checks one step without making an account', async () => {
    const check = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/signup-check.php', payload });
    expect((await check({ gender: 'male', looking_for: ['female', 'male'] })).json()).toEqual({ ok: true });
    expect((await check({ email: 'demo@example.com' })).json().error).toBe('email_exists');
    expect((await check({ name: '@x', email: 'a@b.cd' })).json().error).toBe('name_starts_with_at');
    expect((await check({ date_of_birth: '2020-01-01' })).json().error).toBe('dob_too_young');
  });

  it('follows the signups setting: invite only, or only with a traffic source, and stores the tracking data', async () => {
    const invite = await signup(valid(), { host: 'private.localhost' });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error).toBe('signups_closed');
    const noSource = await signup(valid(), { host: 'partners.localhost' });
    expect(noSource.json().error).toBe('signups_closed');
    const tracking = JSON.stringify({ network: 'adnet', ref: 'r-42', sub1: 'spring' });
    const withSource = await signup(valid(), { host: 'partners.localhost', cookie: `tracking=${encodeURIComponent(tracking)}` });
    expect(withSource.statusCode).toBe(200);
    const row = await t.kernel.db.selectFrom('signup_tracking').selectAll().where('user_id', '=', withSource.json().user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ network: 'adnet', ref: 'r-42', sub1: 'spring', sub2: null, domain: 'partners.localhost' });
    const viaBody = await signup(valid({ tracking: { network: 'n2', sub3: 'x<script>' } }));
    const row2 = await t.kernel.db.selectFrom('signup_tracking').selectAll().where('user_id', '=', viaBody.json().user.id).executeTakeFirstOrThrow();
    expect(row2).toMatchObject({ network: 'n2', sub3: 'xscript' });
  });

  it('resends the activation mail on request, within limits', async () => {
    const res = await signup(valid());
    const cookie = sessionCookie(res);
    const email = res.json().user.email;
    const resend = () => t.call({ method: 'POST', url: '/api/activate.php', payload: {}, cookie });
    expect((await resend()).json()).toEqual({ ok: true });
    expect(await t.mails(email)).toHaveLength(2);
    for (let i = 0; i < 3; i++) await resend();
    const tooMany = await resend();
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toBe('too_many_mails');
    expect((await t.call({ method: 'POST', url: '/api/activate.php', payload: {} })).statusCode).toBe(403);
  });

  it('limits signups per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signup(valid(), { ip: '192.0.2.99' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('turns a location into the nearest region of a served country', async () => {
    const geo = (q: string) => t.call({ method: 'GET', url: `/api/geocode.php?${q}` });
    expect((await geo('lat=50.72&lon=-3.53')).json().result).toMatchObject({ country: 'GB', region: 'devon' });
    expect((await geo('lat=52.37&lon=4.90')).json().result).toMatchObject({ country: 'NL', region: 'noord-holland' });
    expect((await geo('lat=40.71&lon=-74.0')).json().error).toBe('location_unknown');
    expect((await geo('lat=200&lon=0')).statusCode).toBe(400);
    expect((await geo('lat=abc&lon=0')).statusCode).toBe(400);
  });
});
