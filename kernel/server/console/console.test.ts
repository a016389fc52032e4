import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addMember, createTestApp, sessionCookie, staffLogin, type TestApp } from '../testing.ts';
import { CONSOLE_IDLE_MS, MAX_CODE_FAILURES, totpNow } from './staff.ts';
import { canonicalJson } from './audit.ts';
import { authRef } from '../../../plugins/auth/server.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 5 }); });
afterAll(async () => { await t?.close(); });

const consoleCookie = (res: { cookies: { name: string; value: string }[] }) => `console=${res.cookies.find((c) => c.name === 'console')!.value}`;

async function staffAccount(role: 'operator' | 'admin', password = 'console-pass-123') {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const auth = t.kernel.services.get(authRef);
  const userId = await auth.createAccount({ email, password, status: 'active' });
  await auth.setRole(userId, role);
  t.kernel.access.forget(userId);
  return { userId, email, password };
}
const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/console/login', payload: { email, password } });
const code = (ticket: string, value: string) => t.call({ method: 'POST', url: '/api/console/code', payload: { ticket, code: value } });

describe('console access', () => {
  it('answers 404 to visitors and members under /api/operator/, whatever the method or header', async () => {
    const member = await addMember(t);
    for (const cookie of [undefined, member.cookie]) {
      expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/api/operator/sites', cookie })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: '/api/operator/no-such-thing', cookie })).statusCode).toBe(404);
      // Without the client header too: not even the CSRF check tells the path exists.
      const put = await t.app.inject({ method: 'PUT', url: '/api/operator/site', payload: { domain: 'localhost', settings: { name: 'x' } }, headers: cookie ? { cookie } : {} });
      expect(put.statusCode).toBe(404);
    }
  });

  it('lets an operator in to operator endpoints and answers 403 on admin ones; admins reach both', async () => {
    const op = await staffLogin(t, 'operator');
    const me = await t.call({ method: 'GET', url: '/api/operator/me', cookie: op.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().staff).toMatchObject({ user_id: op.userId, role: 'operator', idle_minutes: 30 });
    expect((await t.call({ method: 'GET', url: '/api/operator/sites', cookie: op.cookie })).statusCode).toBe(403);
    const admin = await staffLogin(t, 'admin');
    expect((await t.call({ method: 'GET', url: '/api/operator/sites', cookie: admin.cookie })).statusCode).toBe(200);
    // A member session of the same account counts for nothing here.
    const auth = t.kernel.services.get(authRef);
    await auth.setRole(op.userId, 'member');
    t.kernel.access.forget(op.userId);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: op.cookie })).statusCode).toBe(404);
  });
});

describe('console login with a password and TOTP', () => {
  it('enrols at the first login (QR code, recovery codes), then asks for a code; a code is taken once; a recovery code once', async () => {
    const a = await staffAccount('admin');
    expect((await login(a.email, 'wrong-password')).statusCode).toBe(401);
    const first = await login(a.email, a.password);
    expect(first.statusCode).toBe(200);
    const enrol = first.json();
    expect(enrol).toMatchObject({ step: 'enrol' });
    expect(enrol.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrol.qr_svg).toMatch(/^<svg/);
    expect((await code(enrol.ticket, '000000')).json()).toMatchObject({ error: 'wrong_code' });
    const ok = await code(enrol.ticket, await totpNow(enrol.secret, t.kernel.clock.now()));
    expect(ok.statusCode).toBe(200);
    const recovery: string[] = ok.json().recovery_codes;
    expect(recovery).toHaveLength(10);
    const cookie = consoleCookie(ok);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie })).json().staff.email).toBe(a.email);
    // A member session is no console session, and the console cookie is no member session.
    expect(ok.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    // The next login asks for a code; the code just used is refused (replay), the next period's is fine.
    const second = (await login(a.email, a.password)).json();
    expect(second.step).toBe('code');
    expect((await code(second.ticket, await totpNow(enrol.secret, t.kernel.clock.now()))).json()).toMatchObject({ error: 'wrong_code' });
    t.kernel.clock.advance(30_000);
    expect((await code(second.ticket, await totpNow(enrol.secret, t.kernel.clock.now()))).statusCode).toBe(200);
    // The ticket is used up.
    expect((await code(second.ticket, await totpNow(enrol.secret, t.kernel.clock.now()))).statusCode).toBe(401);

    const third = (await login(a.email, a.password)).json();
    expect((await code(third.ticket, recovery[0].toUpperCase())).statusCode).toBe(200);
    const fourth = (await login(a.email, a.password)).json();
    expect((await code(fourth.ticket, recovery[0])).json()).toMatchObject({ error: 'wrong_code' });
  });

  it(`ends the ticket after ${MAX_CODE_FAILURES} wrong codes`, async () => {
    const a = await staffAccount('operator');
    const { ticket } = (await login(a.email, a.password)).json();
    for (let i = 1; i < MAX_CODE_FAILURES; i++) expect((await code(ticket, '123456')).json().error).toBe('wrong_code');
    expect((await code(ticket, '123456')).json().error).toBe('ticket_expired');
  });

  it('refuses members (no console account) with the same answer as a wrong password', async () => {
    const m = await addMember(t);
    const res = await login(m.email, m.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('login_failed');
  });

  it('ends a console session after 30 minutes without a request, and at logout', async () => {
    const op = await staffLogin(t, 'operator');
    t.kernel.clock.advance(CONSOLE_IDLE_MS - 60_000);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: op.cookie })).statusCode).toBe(200);
    t.kernel.clock.advance(CONSOLE_IDLE_MS - 60_000);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: op.cookie })).statusCode).toBe(200);
    t.kernel.clock.advance(CONSOLE_IDLE_MS);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: op.cookie })).statusCode).toBe(404);
    const other = await staffLogin(t, 'operator');
    expect((await t.call({ method: 'POST', url: '/api/console/logout', payload: {}, cookie: other.cookie })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: other.cookie })).statusCode).toBe(404);
  });
});

describe('domains and features from the console', () => {
  it('switches the swipe game off on one domain: gone there at once, still on the others, audited with before and after', async () => {
    const admin = await staffLogin(t, 'admin');
    const member = await addMember(t);
    const swipe = (host: string) => t.call({ method: 'GET', url: '/api/swipe.php', cookie: member.cookie, headers: { host } });
    expect((await swipe('gay.localhost')).statusCode).toBe(200);
    const res = await t.call({ method: 'PUT', url: '/api/operator/site', cookie: admin.cookie, payload: { domain: 'gay.localhost', settings: { plugins: ['*', '-swipe-game'] } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().plugins_on).not.toContain('swipe-game');
    expect((await swipe('gay.localhost')).statusCode).toBe(404);
    expect((await swipe('localhost')).statusCode).toBe(200);
    const log = (await t.call({ method: 'GET', url: '/api/operator/audit?action=sites.update&target=site:gay.localhost', cookie: admin.cookie })).json().entries;
    expect(log[0]).toMatchObject({ actor_email: admin.email, actor_role: 'admin', action: 'sites.update', target: 'site:gay.localhost', before: { plugins: null }, after: { plugins: ['*', '-swipe-game'] } });
    // And back on (null: the domain's own value removed, the default's applies).
    await t.call({ method: 'PUT', url: '/api/operator/site', cookie: admin.cookie, payload: { domain: 'gay.localhost', settings: { plugins: null } } });
    expect((await swipe('gay.localhost')).statusCode).toBe(200);
  });

  it('checks values against the settings\' schemas, naming the field, and then changes nothing (no audit row either)', async () => {
    const admin = await staffLogin(t, 'admin');
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM kernel_audit`.execute(t.kernel.db)).rows[0].n);
    const before = await count();
    for (const settings of [{ niche: 9 }, { refund_days: 'ten' }, { no_such_setting: 1 }, { countries: ['gb'] }]) {
      const res = await t.call({ method: 'PUT', url: '/api/operator/site', cookie: admin.cookie, payload: { domain: 'nl.localhost', settings } });
      expect(res.statusCode).toBe(400);
      expect(res.json().params.field).toBe(Object.keys(settings)[0]);
    }
    expect(await count()).toBe(before);
    const plugins = (await t.call({ method: 'GET', url: '/api/operator/plugins', cookie: admin.cookie })).json().plugins;
    // Every setting has a schema a form can show: a title and a description.
    for (const p of plugins) for (const s of p.settings) expect(s.schema, `${p.id}.${s.name}`).toMatchObject({ title: expect.any(String), description: expect.any(String) });
  });

  it('creates a domain that then answers with its own settings', async () => {
    const admin = await staffLogin(t, 'admin');
    const body = { domain: 'fr.localhost', canonical_url: 'http://fr.localhost:3000', name: 'Flirt France', niche: 1, domain_language: 'fr-FR', countries: ['FR', 'BE'], company_id: 1 };
    const res = await t.call({ method: 'POST', url: '/api/operator/sites', cookie: admin.cookie, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().site).toMatchObject({ domain: 'fr.localhost', name: 'Flirt France', countries: ['FR', 'BE'] });
    const settings = await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'fr.localhost' } });
    expect(settings.json().settings).toMatchObject({ domain: 'fr.localhost', domain_language: 'fr-FR', name: 'Flirt France' });
    expect((await t.call({ method: 'POST', url: '/api/operator/sites', cookie: admin.cookie, payload: body })).statusCode).toBe(409);
  });
});

describe('the audit log', () => {
  it('is written in the transaction of the change: an audit that fails fails the change', async () => {
    const admin = await staffLogin(t, 'admin');
    const req = { staff: { userId: admin.userId, role: 'admin' as const, email: admin.email }, ip: '127.0.0.1' };
    await expect(t.kernel.db.transaction().execute(async (trx) => {
      await t.kernel.sites.write(trx, 'nl.localhost', { name: 'Changed but not audited' });
      // An action that is not "<plugin>.<verb>" makes the audit throw.
      await t.kernel.audit.record(trx, req as never, { action: 'NOT VALID', target: 'site:nl.localhost' });
    })).rejects.toThrow(/audit action/);
    t.kernel.sites.changed('nl.localhost');
    expect((await t.kernel.sites.resolve('nl.localhost')).name).not.toBe('Changed but not audited');
  });

  it('refuses updates and deletes, and its hash chain shows a row changed behind the database\'s back', async () => {
    const admin = await staffLogin(t, 'admin');
    await t.call({ method: 'PUT', url: '/api/operator/site', cookie: admin.cookie, payload: { domain: 'de.localhost', settings: { support_phone: '+49 30 1234' } } });
    await expect(sql`UPDATE kernel_audit SET target = 'x'`.execute(t.kernel.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM kernel_audit`.execute(t.kernel.db)).rejects.toThrow(/append-only/);
    const verify = async () => (await t.call({ method: 'GET', url: '/api/operator/audit/verify', cookie: admin.cookie })).json();
    expect(await verify()).toMatchObject({ ok: true, broken_at: null });
    const csv = await t.call({ method: 'GET', url: '/api/operator/audit.csv?action=sites', cookie: admin.cookie });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('id,at,actor_email,actor_role,ip,action,target,before,after,hash');
    expect(csv.body).toContain('site:de.localhost');
    // Someone with the power to switch triggers off (a database superuser) edits a row: the chain breaks there.
    if (t.kernel.engine === 'pglite') {
      await sql`ALTER TABLE kernel_audit DISABLE TRIGGER USER`.execute(t.kernel.db);
      const last = (await sql<{ id: string }>`SELECT max(id) AS id FROM kernel_audit`.execute(t.kernel.db)).rows[0].id;
      await sql`UPDATE kernel_audit SET after = '{"support_phone":"+49 30 9999"}' WHERE id = ${last}`.execute(t.kernel.db);
      await sql`ALTER TABLE kernel_audit ENABLE TRIGGER USER`.execute(t.kernel.db);
      expect(await verify()).toMatchObject({ ok: false, broken_at: Number(last) });
    }
  });

  it('hashes values the same whatever their key order (jsonb keeps its own)', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }));
  });
});

describe('console page', () => {
  it('the member login does not open the console API', async () => {
    const a = await staffAccount('admin');
    const res = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: a.email, password: a.password } });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/operator/me', cookie: sessionCookie(res) })).statusCode).toBe(404);
  });
});
