import { describe, expect, it } from 'vitest';
import { settingProblem } from '../../../kernel/server/plugin-settings.ts';
import paymentsPlugin from '../plugin.ts';

// The payments settings' schemas as sites.update checks every change (money: integer minor units).
const { credit_packages, payment_methods, method_fees, directdebit_limit, sepa_creditor_id } = paymentsPlugin.settings;
const problem = (def: { schema: Parameters<typeof settingProblem>[0] }, value: unknown, name: string) => settingProblem(def.schema, value, name);

describe('payments settings', () => {
  it('take their own defaults', () => {
    for (const [name, def] of Object.entries(paymentsPlugin.settings)) expect(settingProblem(def.schema, def.default, name), name).toBeNull();
  });

  it('packages: per currency, integer minor-unit prices, credits > 0, at most one popular', () => {
    const ok = [{ id: 1, credits: 50, price: 999 }, { id: 2, credits: 150, price: 2499, popular: true }];
    expect(problem(credit_packages, { EUR: ok }, 'credit_packages')).toBeNull();
    expect(problem(credit_packages, { EUR: [{ id: 1, credits: 50, price: 9.99 }] }, 'credit_packages')).toMatch(/^credit_packages\/EUR\/0\/price/);
    expect(problem(credit_packages, { EUR: [{ id: 1, credits: 0, price: 999 }] }, 'credit_packages')).toMatch(/^credit_packages\/EUR\/0\/credits/);
    expect(problem(credit_packages, { EUR: [{ id: 1, credits: 5, price: 999, extra: 1 }] }, 'credit_packages')).not.toBeNull();
    expect(problem(credit_packages, { USD: ok }, 'credit_packages')).not.toBeNull();
    // Two marked popular: refused by the schema (contains + maxContains: 1).
    expect(problem(credit_packages, { EUR: [{ ...ok[0], popular: true }, ok[1]] }, 'credit_packages')).toMatch(/^credit_packages\/EUR/);
    expect(problem(credit_packages, { EUR: [{ ...ok[0], popular: false }, ok[1]] }, 'credit_packages')).toBeNull();
  });

  it('methods per country, fees and direct-debit limits in minor units, the creditor id', () => {
    expect(problem(payment_methods, { '*': ['creditcard'], NL: ['ideal'] }, 'payment_methods')).toBeNull();
    expect(problem(payment_methods, { nl: ['ideal'] }, 'payment_methods')).not.toBeNull();
    expect(problem(payment_methods, { NL: ['giropay'] }, 'payment_methods')).not.toBeNull();
    expect(problem(method_fees, { paysafecard: { EUR: 100 } }, 'method_fees')).toBeNull();
    expect(problem(method_fees, { paysafecard: { EUR: 1.5 } }, 'method_fees')).toMatch(/^method_fees\/paysafecard\/EUR/);
    expect(problem(method_fees, { cash: { EUR: 100 } }, 'method_fees')).not.toBeNull();
    expect(problem(directdebit_limit, { EUR: -1 }, 'directdebit_limit')).toMatch(/^directdebit_limit\/EUR/);
    expect(problem(sepa_creditor_id, 'not an id', 'sepa_creditor_id')).not.toBeNull();
  });

  it('every setting has a title and a description', () => {
    for (const [name, def] of Object.entries(paymentsPlugin.settings)) {
      const { title, description } = def.schema as { title?: string; description?: string };
      expect(title, name).toBeTruthy();
      expect(description, name).toBeTruthy();
    }
  });
});
