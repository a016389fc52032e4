import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';
import { authRef } from '../server.ts';

// The user object leaves the server as its contract says: auth's fields and those each plugin
// declared with its extension. A field the code adds by mistake is dropped by the serialiser.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(() => t?.close());

describe('user.php answers only what its contract declares', () => {
  it('drops a field the handler adds that no contract declares', async () => {
    const m = await addMember(t, { credits: 5 });
    const auth = t.kernel.services.get(authRef);
    const real = auth.userView.bind(auth);
    const spy = vi.spyOn(auth, 'userView').mockImplementation(async (id, site) => {
      const user = await real(id, site);
      return user && Object.assign(user, { password_hash: 'leaked', stray: 1 });
    });
    try {
      const res = await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(spy).toHaveBeenCalled();
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('stray');
      // What the plugins declared is there.
      expect(user).toMatchObject({ id: m.id, credits: 5, paid_user: false, profile: expect.objectContaining({ name: expect.any(String) }) });
    } finally {
      spy.mockRestore();
    }
  });
});
