import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../kernel/server/testing.ts';
import { authRef } from './service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const DEMO = { email: 'demo@example.com', password: 'flirt-demo-2026' };
const role = async (id: number) => t.kernel.services.get(authRef).roleOf(id);

describe('roles', () => {
  it('makes every account a member, with no role field in a member\'s user object', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user.php', payload: DEMO });
    expect(res.json().user).not.toHaveProperty('role');
    expect(await role(res.json().user.id)).toBe('member');
  });

  it('takes no role from any member-facing call: login ignores it, PUT user.php and signup refuse it', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user.php', payload: { ...DEMO, role: 'operator' } });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().user;
    const cookie = sessionCookie(res);
    expect(await role(id)).toBe('member');

    const put = await t.call({ method: 'PUT', url: '/api/user.php', cookie, payload: { language: 'de', role: 'operator' } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ error: 'invalid_input', params: { field: 'role' } });
    const profile = await t.call({ method: 'PUT', url: '/api/profile.php', cookie, payload: { role: 'operator' } });
    expect(profile.statusCode).toBe(400);
    expect(await role(id)).toBe('member');

    const signup = await t.call({
      method: 'POST', url: '/api/signup.php',
      payload: { gender: 'male', looking_for: ['female'], date_of_birth: '1985-06-01', country: 'NL', region: 'utrecht', city: '', name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-pass-1', language: 'en', role: 'operator' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().params).toEqual({ field: 'role' });
    expect(await t.kernel.services.get(authRef).findByEmail('sneaky@example.com')).toBeNull();
  });

  it('reads no role for an unknown account', async () => {
    expect(await role(987654)).toBeNull();
  });
});
