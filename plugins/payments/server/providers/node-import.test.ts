// The providers as the server loads them: `node --import tsx` (Node's own ESM loader), not vitest's
// module interop. Under vitest a CommonJS package's default import is its `default` export; under
// Node it is the whole module object, so `import createMollieClient from '@mollie/api-client'`
// passed every contract test and failed in the real server ("createMollieClient is not a function":
// payments unavailable with PAYMENT_PROVIDER=mollie). Found by `npm run test:cluster`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

function underNode(code: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', timeout: 60_000 }).trim();
}

describe('payment providers under the server\'s own loader', () => {
  it('Mollie and Stripe adapters are made (their clients are functions there too)', () => {
    const out = underNode(`
      const { createMollieProvider } = await import('./plugins/payments/server/providers/mollie.ts');
      const { createStripeProvider } = await import('./plugins/payments/server/providers/stripe.ts');
      const mollie = createMollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' });
      const stripe = createStripeProvider({ secretKey: 'sk_test_cluster', webhookSecret: 'whsec_cluster' });
      console.log(JSON.stringify([mollie.name, stripe.name]));
    `);
    expect(JSON.parse(out.split('\n').at(-1)!)).toEqual(['mollie', 'stripe']);
  }, 60_000);
});
