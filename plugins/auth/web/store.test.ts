import { describe, expect, it } from 'vitest';
import { AuthStore } from './store.ts';
import { Bus } from '../../../kernel/web/bus.ts';
import { ApiError } from '../../../kernel/web/api.ts';
import { fakeApi } from '../../../kernel/web/testing.ts';
import type { User } from '../contract.ts';

const user = { id: 9, email: 'a@b.c', language: null, credits: 10 } as unknown as User;

describe('auth store', () => {
  it('logs in, tells the bus and the kernel, and logs out', async () => {
    const bus = new Bus();
    const events: (number | null)[] = [];
    bus.on('session:changed', ({ userId }) => events.push(userId));
    const api = fakeApi({ 'POST /api/user.php': () => ({ user }), 'POST /api/logout.php': () => ({ ok: true }) });
    const store = AuthStore.create({}, { api, bus });
    const session: (number | null)[] = [];
    store.bindSession((id) => session.push(id));
    await store.login('a@b.c', 'pw');
    expect(store.loggedIn).toBe(true);
    await store.logout();
    expect(api.calls).toContain('POST /api/logout.php'); // never a GET: another site could log members out
    expect(store.user).toBeNull();
    expect(events).toEqual([9, null]);
    expect(session).toEqual([9, null]);
  });

  it('tells the kernel whether the member is an operator (only operators carry a role)', async () => {
    const api = fakeApi({ 'GET /api/user.php': () => ({ user: { ...user, role: 'operator' } }), 'POST /api/logout.php': () => ({ ok: true }) });
    const store = AuthStore.create({}, { api, bus: new Bus() });
    const session: [number | null, boolean][] = [];
    store.bindSession((id, operator) => session.push([id, operator]));
    store.setUser(user);
    await store.fetchUser();
    await store.logout();
    expect(session).toEqual([[9, false], [9, true], [null, false]]);
  });

  it('treats a 403 from GET user.php as logged out and rethrows other failures', async () => {
    let fail: ApiError = new ApiError(403, 'authentication_required', 'x');
    const api = fakeApi({ 'GET /api/user.php': () => { throw fail; } });
    const store = AuthStore.create({ user }, { api, bus: new Bus() });
    await store.fetchUser();
    expect(store.user).toBeNull();
    fail = new ApiError(500, 'internal', 'x');
    await expect(store.fetchUser()).rejects.toBe(fail);
  });

  it('saves a changed language for a logged-in member only', async () => {
    const api = fakeApi({ 'PUT /api/user.php': (body) => ({ user: { ...user, ...(body as object) } }) });
    const store = AuthStore.create({ user }, { api, bus: new Bus() });
    await store.saveLanguage('de');
    expect(store.user?.language).toBe('de');
    await store.saveLanguage('de');
    expect(api.calls).toEqual(['PUT /api/user.php']);
  });
});
