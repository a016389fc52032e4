import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { authRef } from '../../auth/server.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

let n = 0;
/** A fresh confirmed member with a session. */
async function member(password = 'first-password-1') {
  const email = `m${++n}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST', url: '/api/signup.php', remoteAddress: `203.0.113.${n}`,
    headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: { gender: 'male', looking_for: ['female'], date_of_birth: '1985-06-01', country: 'NL', region: 'utrecht', city: '', name: `Member${n}`, email, password, language: 'en' },
  });
  expect(res.statusCode).toBe(200);
  const id = res.json().user.id as number;
  const activate = new URL(linkIn((await t.mails(email))[0], '/api/activate.php'));
  await t.call({ method: 'GET', url: activate.pathname + activate.search });
  return { id, email, password, cookie: sessionCookie(res) };
}
const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/user.php', payload: { email, password } });
const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('password reset', () => {
  it('mails a single-use link that sets a new password, logs in and ends other sessions', async () => {
    const m = await member();
    const asked = await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email.toUpperCase() } });
    expect(asked.json()).toEqual({ ok: true });
    const mail = (await t.mails(m.email)).at(-1)!;
    expect(mail.subject).toMatch(/password/i);
    const token = tokenOf(linkIn(mail, '/reset-password/do'));
    expect((await t.call({ method: 'GET', url: `/api/reset-password.php?token=${token}` })).json()).toEqual({ ok: true });

    const differ = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'new-password-1', password_confirmation: 'new-password-2' } });
    expect(differ.json()).toMatchObject({ error: 'passwords_differ', message: 'The entered passwords are not the same.' });
    const short = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'short', password_confirmation: 'short' } });
    expect(short.json().error).toBe('password_too_short');

    const done = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(m.id);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: sessionCookie(done) })).statusCode).toBe(200);
    expect((await login(m.email, 'new-password-1')).statusCode).toBe(200);
    expect((await login(m.email, m.password)).statusCode).toBe(401);

    const again = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'x-password-9', password_confirmation: 'x-password-9' } });
    expect(again.json()).toMatchObject({ error: 'link_invalid', message: 'Link expired or invalid, request a new email.' });
    expect((await t.call({ method: 'GET', url: `/api/reset-password.php?token=${token}` })).statusCode).toBe(400);
  });

  it('expires links after two hours', async () => {
    const m = await member();
    await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email } });
    const token = tokenOf(linkIn((await t.mails(m.email)).at(-1), '/reset-password/do'));
    t.kernel.clock.advance(2 * 3600_000 + 1000);
    const res = await t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: 'new-password-1', password_confirmation: 'new-password-1' } });
    expect(res.json().error).toBe('link_invalid');
  });

  it('says when the address is unknown and limits mails per account and per day', async () => {
    const unknown = await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'nobody-here@example.com' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'email_not_found', message: 'E-mail address not found.' });
    expect((await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: 'bad' } })).json().error).toBe('invalid_email');
    expect((await t.call({ method: 'POST', url: '/api/reset-password.php', payload: {} })).statusCode).toBe(400);
    const m = await member();
    for (let i = 0; i < 3; i++) expect((await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email } })).statusCode).toBe(200);
    const fourth = await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'too_many_resets', message: 'Too many password reset emails sent, please try again tomorrow.' });
    t.kernel.clock.advance(86400_000 + 1000);
    expect((await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email } })).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('checks the old password, then ends every other session', async () => {
    const m = await member();
    const other = sessionCookie(await login(m.email, m.password));
    const wrong = await t.call({ method: 'PUT', url: '/api/password.php', payload: { old_password: 'nope', password: 'second-password-2' }, cookie: m.cookie });
    expect(wrong.json()).toMatchObject({ error: 'wrong_old_password', message: 'Please check your old password.' });
    const ok = await t.call({ method: 'PUT', url: '/api/password.php', payload: { old_password: m.password, password: 'second-password-2' }, cookie: m.cookie });
    expect(ok.json()).toEqual({ ok: true });
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: other })).statusCode).toBe(403);
    expect((await login(m.email, 'second-password-2')).statusCode).toBe(200);
    expect((await t.mails(m.email)).at(-1)!.subject).toMatch(/password was changed/);
    expect((await t.call({ method: 'PUT', url: '/api/password.php', payload: { old_password: 'x', password: 'second-password-2' } })).statusCode).toBe(403);
  });
});

describe('email change', () => {
  it('confirms the new address through a link sent to it', async () => {
    const m = await member();
    const change = (email: string, password = m.password) => t.call({ method: 'POST', url: '/api/mail-change.php', payload: { email, password }, cookie: m.cookie });
    expect((await change('not valid')).json()).toMatchObject({ error: 'email_invalid_new', message: 'New email adress is invalid.' });
    expect((await change('demo@example.com')).json()).toMatchObject({ error: 'email_taken', message: 'This email address already owns an account on this website.' });
    expect((await change('fresh@example.com', 'wrong')).json().error).toBe('wrong_password');
    const next = `new-${m.email}`;
    expect((await change(next)).json()).toEqual({ ok: true, email: next });
    const mail = (await t.mails(next)).at(-1)!;
    const token = tokenOf(linkIn(mail, '/mail-change/do'));
    const done = await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });
    expect(done.json()).toEqual({ ok: true, email: next });
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user.email).toBe(next);
    expect((await login(next, m.password)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } })).json().error).toBe('link_invalid');
  });

  it('refuses the change when someone took the address in the meantime', async () => {
    const a = await member();
    const b = await member();
    const target = `race-${a.email}`;
    await t.call({ method: 'POST', url: '/api/mail-change.php', payload: { email: target, password: a.password }, cookie: a.cookie });
    await t.call({ method: 'POST', url: '/api/mail-change.php', payload: { email: target, password: b.password }, cookie: b.cookie });
    const [first, second] = (await t.mails(target)).map((m) => tokenOf(linkIn(m, '/mail-change/do')));
    expect((await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token: second } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token: first } })).json().error).toBe('email_taken');
  });
});

describe('deletion', () => {
  it('deactivates at once, can be undone with the mailed link, and blocks login and signup meanwhile', async () => {
    const m = await member();
    const bad = await t.call({ method: 'POST', url: '/api/account-delete.php', payload: { reason: 'bored', password: m.password }, cookie: m.cookie });
    expect(bad.statusCode).toBe(400);
    const wrong = await t.call({ method: 'POST', url: '/api/account-delete.php', payload: { reason: 'other', password: 'nope' }, cookie: m.cookie });
    expect(wrong.json().error).toBe('wrong_password');
    const del = await t.call({ method: 'POST', url: '/api/account-delete.php', payload: { reason: 'taking_break', comment: 'back soon', password: m.password }, cookie: m.cookie });
    expect(del.json()).toEqual({ ok: true, days: 14 });
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/member.php?id=${m.id}` })).statusCode).toBe(404);
    const blocked = await login(m.email, m.password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: 'account_deletion_pending', message: 'Deleted account still pending: use the emailed link or contact customer service' });
    expect((await login(m.email, 'wrong-password')).json().error).toBe('login_failed');

    const link = linkIn((await t.mails(m.email)).at(-1), '/api/reactivate.php');
    t.kernel.clock.advance(13 * 86400_000);
    await t.kernel.jobs.runDue({ periodic: 'all' });
    const back = await t.call({ method: 'GET', url: pathOf(link) });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/members?reactivated=1');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: sessionCookie(back) })).json().user.profile.status).toBe('active');
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: pathOf(link) })).headers.location).toBe('/login?reactivation=failed');
  });

  it('erases the member, the profile, photos, sessions and tokens 14 days later', async () => {
    const m = await member();
    await t.kernel.storage.put(`u/${m.id}/p1-full.jpg`, Buffer.from('x'));
    await t.kernel.db.insertInto('photos').values({ user_id: m.id, file_key: `u/${m.id}/p1`, is_main: true }).execute();
    await t.call({ method: 'POST', url: '/api/account-delete.php', payload: { reason: 'privacy', password: m.password }, cookie: m.cookie });
    const link = linkIn((await t.mails(m.email)).at(-1), '/api/reactivate.php');
    t.kernel.clock.advance(15 * 86400_000);
    await t.kernel.jobs.runDue({ periodic: 'all' });
    const db = t.kernel.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('profiles').select('user_id').where('user_id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('photos').select('id').where('user_id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('kernel_sessions').select('user_id').where('user_id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('kernel_tokens').select('user_id').where('user_id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect(await t.kernel.storage.exists(`u/${m.id}/p1-full.jpg`)).toBe(false);
    const reason = await db.selectFrom('account_deletions').selectAll().where('reason', '=', 'privacy').executeTakeFirstOrThrow();
    expect(reason.user_id).toBeNull();
    expect((await t.call({ method: 'GET', url: pathOf(link) })).headers.location).toBe('/login?reactivation=failed');
    expect((await login(m.email, m.password)).json().error).toBe('login_failed');
  });
});

describe('one-time links die with the password or address they were sent for', () => {
  let ip = 0;
  const askReset = async (email: string) => {
    await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email }, remoteAddress: `198.51.100.${++ip}` });
    return tokenOf(linkIn((await t.mails(email)).at(-1), '/reset-password/do'));
  };
  const askMailChange = async (m: { email: string; password: string; cookie: string }, to: string) => {
    expect((await t.call({ method: 'POST', url: '/api/mail-change.php', payload: { email: to, password: m.password }, cookie: m.cookie, remoteAddress: `198.51.100.${++ip}` })).statusCode).toBe(200);
    return tokenOf(linkIn((await t.mails(to)).at(-1), '/mail-change/do'));
  };
  const resetWith = (token: string, pw = 'another-password-7') =>
    t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password: pw, password_confirmation: pw } });
  const changeMailWith = (token: string) => t.call({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });
  const resetLinkLive = async (token: string) => (await t.call({ method: 'GET', url: `/api/reset-password.php?token=${token}` })).statusCode === 200;

  it('a password change in the settings revokes open reset and e-mail-change links', async () => {
    const m = await member();
    const reset = await askReset(m.email);
    const change = await askMailChange(m, `moved-${m.email}`);
    expect(await resetLinkLive(reset)).toBe(true);
    const ok = await t.call({ method: 'PUT', url: '/api/password.php', payload: { old_password: m.password, password: 'settings-password-3' }, cookie: m.cookie });
    expect(ok.statusCode).toBe(200);
    expect(await resetLinkLive(reset)).toBe(false);
    expect((await resetWith(reset)).json().error).toBe('link_invalid');
    expect((await changeMailWith(change)).json().error).toBe('link_invalid');
    expect((await login(m.email, 'settings-password-3')).statusCode).toBe(200);
  });

  it('a password reset revokes the other reset links and open e-mail-change links', async () => {
    const m = await member();
    const change = await askMailChange(m, `moved-${m.email}`);
    const older = await askReset(m.email);
    const used = await askReset(m.email);
    expect((await resetWith(used)).statusCode).toBe(200);
    expect((await resetWith(older)).json().error).toBe('link_invalid');
    expect((await changeMailWith(change)).json().error).toBe('link_invalid');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).statusCode).toBe(403);
  });

  it('an e-mail change revokes reset links and the other e-mail-change links', async () => {
    const m = await member();
    const reset = await askReset(m.email);
    const other = await askMailChange(m, `other-${m.email}`);
    const used = await askMailChange(m, `moved-${m.email}`);
    expect((await changeMailWith(used)).json()).toEqual({ ok: true, email: `moved-${m.email}` });
    expect(await resetLinkLive(reset)).toBe(false);
    expect((await resetWith(reset)).json().error).toBe('link_invalid');
    expect((await changeMailWith(other)).json().error).toBe('link_invalid');
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user.email).toBe(`moved-${m.email}`);
  });
});

describe('e-mail addresses that a mailer could read as other recipients', () => {
  const HOSTILE = ['<img/src=x/onerror=alert(1)>foo@evil.example', 'a@b.cc, victim@x.yy', '"x"@evil.example', 'a b@evil.example', 'a@evil.example\r\nBcc: v@x.yy'];

  it('are refused by signup, e-mail change and password reset, and nothing is mailed', async () => {
    const m = await member();
    const before = (await t.mails()).length;
    for (const email of HOSTILE) {
      const signup = await t.app.inject({
        method: 'POST', url: '/api/signup.php', remoteAddress: `192.0.2.${HOSTILE.indexOf(email) + 1}`,
        headers: { 'x-request-type': 'client', 'content-type': 'application/json' },
        payload: { gender: 'male', looking_for: ['female'], date_of_birth: '1985-06-01', country: 'NL', region: 'utrecht', city: '', name: 'Hostile', email, password: 'first-password-1', language: 'en' },
      });
      expect(signup.statusCode, email).toBe(400);
      expect(JSON.stringify(signup.json()), email).toMatch(/invalid_email|invalid_input/);
      const change = await t.call({ method: 'POST', url: '/api/mail-change.php', payload: { email, password: m.password }, cookie: m.cookie, remoteAddress: `192.0.2.${HOSTILE.indexOf(email) + 50}` });
      expect(change.json().error, email).toMatch(/email_invalid_new|invalid_input/);
      const reset = await t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email }, remoteAddress: `192.0.2.${HOSTILE.indexOf(email) + 100}` });
      expect(reset.statusCode, email).toBe(400);
    }
    expect((await t.mails()).length).toBe(before);
  });

  it('are refused when an account is created through the auth service', async () => {
    const auth = t.kernel.services.get(authRef);
    await expect(auth.createAccount({ email: 'a@b.cc, victim@x.yy', password: 'first-password-1', status: 'active', language: null })).rejects.toThrow();
  });
});
