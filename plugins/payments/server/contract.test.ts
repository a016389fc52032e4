import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../kernel/server/testing.ts';
import { addMember } from '../../testing.ts';
import { paymentsTestApp } from './testing.ts';
import { paymentsRef } from './service.ts';

// payments.php leaves the server as its contract says: a field the code adds by mistake is dropped.
let t: TestApp;
beforeAll(async () => { ({ t } = await paymentsTestApp()); });
afterAll(() => t?.close());

describe('payments.php answers only what its contract declares', () => {
  it('drops a field the handler adds to a payment that no contract declares', async () => {
    const m = await addMember(t);
    const made = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'creditcard' } });
    expect(made.statusCode, made.body).toBe(200);
    const payments = t.kernel.services.get(paymentsRef);
    const real = payments.list.bind(payments);
    const spy = vi.spyOn(payments, 'list').mockImplementation(async (userId, site) =>
      (await real(userId, site)).map((p) => Object.assign(p, { provider_secret: 'sk_live_x', user_id: userId })));
    try {
      const res = await t.call({ method: 'GET', url: '/api/payments.php', cookie: m.cookie });
      expect(res.statusCode).toBe(200);
      expect(spy).toHaveBeenCalled();
      const [payment] = res.json().payments;
      expect(payment).toMatchObject({ package_id: 1, method: 'creditcard', status: 'open' });
      expect(payment).not.toHaveProperty('provider_secret');
      expect(payment).not.toHaveProperty('user_id');
    } finally {
      spy.mockRestore();
    }
  });
});
