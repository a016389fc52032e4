import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkIn, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { authRef } from '../../auth/server.ts';
import { accountRef } from '../server.ts';
import { DELETE_REASONS } from '../contract.ts';
import { operatorReport, parseOperatorArgs } from '../../../scripts/operator.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false }); });
afterAll(async () => { await t?.close(); });

const createOperator = (email: string) => t.kernel.services.get(accountRef).createOperator(email);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const setPassword = (token: string, password = 'operator-pass-1') =>
  t.call({ method: 'PUT', url: '/api/reset-password.php', payload: { token, password, password_confirmation: password } });
const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/user.php', payload: { email, password } });

describe('npm run operator -- create <email>', () => {
  it('reads only `create <email>`', () => {
    expect(parseOperatorArgs(['create', 'ops@example.com'])).toEqual({ email: 'ops@example.com', role: 'operator' });
    expect(parseOperatorArgs(['create', 'ops@example.com', '--role', 'admin'])).toEqual({ email: 'ops@example.com', role: 'admin' });
    expect(parseOperatorArgs(['create', 'ops@example.com', '--role=operator'])).toEqual({ email: 'ops@example.com', role: 'operator' });
    for (const args of [[], ['create'], ['delete', 'ops@example.com'], ['create', 'a@example.com', 'b@example.com'], ['create', 'a@example.com', '--role', 'root'], ['create', 'a@example.com', '--role']]) expect(parseOperatorArgs(args)).toBeNull();
  });

  it('refuses a bad e-mail address in words', async () => {
    for (const bad of ['', 'nobody', 'a@b', 'x@example.com, y@example.com', '"q"@example.com', `${'a'.repeat(250)}@example.com`]) {
      await expect(createOperator(bad)).rejects.toMatchObject({ name: 'OperatorError', message: expect.stringMatching(/is not a valid e-mail address/) });
    }
  });

  it('creates an operator without a password and prints a one-time set-password link of the default site', async () => {
    const r = await createOperator('  Ops@Example.com ');
    expect(r).toMatchObject({ email: 'ops@example.com', created: true, mailed: false, hours: 2 });
    const site = await t.kernel.sites.resolve('');
    expect(r.link.startsWith(`${new URL(site.canonical_url).origin}/reset-password/do?token=`)).toBe(true);
    expect(operatorReport(r)).toContain(r.link);
    expect(await t.kernel.services.get(authRef).roleOf(r.userId)).toBe('operator');
    // No password works before the link is used.
    expect((await login('ops@example.com', 'operator-pass-1')).statusCode).toBe(401);

    const used = await setPassword(tokenOf(r.link));
    expect(used.statusCode).toBe(200);
    expect(used.json().user).toMatchObject({ id: r.userId, email: 'ops@example.com', role: 'operator', status: 'active' });
    expect(sessionCookie(used)).toMatch(/^sid=/);
    // Once only.
    const again = await setPassword(tokenOf(r.link), 'operator-pass-2');
    expect(again.json()).toMatchObject({ error: 'link_invalid' });
    const in1 = await login('ops@example.com', 'operator-pass-1');
    expect(in1.json().user.role).toBe('operator');
  });

  it('promotes an existing account and mails the link when SMTP is configured', async () => {
    const id = await t.kernel.services.get(authRef).createAccount({ email: 'member@example.com', password: 'member-pass-1', status: 'active' });
    const config = t.kernel.config as { smtpUrl?: string };
    config.smtpUrl = 'smtp://127.0.0.1:2599';
    try {
      const r = await createOperator('MEMBER@example.com');
      expect(r).toMatchObject({ userId: id, email: 'member@example.com', created: false, mailed: true });
      const mail = (await t.mails('member@example.com')).at(-1)!;
      expect(linkIn(mail, '/reset-password/do')).toBe(r.link);
      expect(operatorReport(r)).toMatch(/is now an operator[\s\S]*mailed to member@example\.com/);
    } finally {
      delete config.smtpUrl;
    }
    // The old password still works until the link is used; the member is an operator now.
    expect((await login('member@example.com', 'member-pass-1')).json().user.role).toBe('operator');
  });

  it('refuses an account that is being deleted', async () => {
    const auth = t.kernel.services.get(authRef);
    const id = await auth.createAccount({ email: 'leaving@example.com', password: 'leaving-pass-1', status: 'active' });
    const session = sessionCookie(await login('leaving@example.com', 'leaving-pass-1'));
    const left = await t.call({ method: 'POST', url: '/api/account-delete.php', cookie: session, payload: { reason: DELETE_REASONS[0], password: 'leaving-pass-1' } });
    expect(left.statusCode).toBe(200);
    await expect(createOperator('leaving@example.com')).rejects.toMatchObject({ name: 'OperatorError', message: expect.stringMatching(/being deleted/) });
    expect(await auth.roleOf(id)).toBeNull();
  });
});
