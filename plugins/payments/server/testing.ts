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
