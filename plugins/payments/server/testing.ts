import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { addMember } from '../../testing.ts';
import { paymentsRef } from './service.ts';
import { isTestProvider } from './providers/index.ts';
import type { TestProvider } from './providers/test.ts';

export type Member = Awaited<ReturnType<typeof addMember>>;

/** A fresh app (no demo profiles) and its built-in test provider, for payments tests. */
export async function paymentsTestApp(): Promise<{ t: TestApp; psp: TestProvider }> {
  const t = await createTestApp({ profiles: 0 });
  const provider = t.kernel.services.get(paymentsRef).provider;
  if (!isTestProvider(provider)) throw new Error('tests run with the test provider');
  return { t, psp: provider };
}

/**
 * A payer's round trip with the test provider, as a member's browser makes it: our checkout answer,
 * the provider's page, "paid", then its webhook. Returns the payment as the checkout answered it.
 */
export async function buyWithTestProvider(t: TestApp, psp: TestProvider, cookie: string, packageId = 1) {
  const res = await t.call({ method: 'POST', url: '/api/payments.php', cookie, payload: { package_id: packageId, method: 'creditcard' } });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const { payment, redirect_url } = res.json() as { payment: { id: number; amount: number; currency: string }; redirect_url: string };
  const url = new URL(redirect_url);
  const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  const secret = /name="secret" value="([^"]+)"/.exec(page.body)?.[1];
  if (!secret) throw new Error(`the test provider's page has no secret: ${page.statusCode}`);
  await t.app.inject({
    method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment: url.searchParams.get('payment')!, secret, outcome: 'paid' }).toString(),
  });
  await psp.idle();
  return payment;
}
