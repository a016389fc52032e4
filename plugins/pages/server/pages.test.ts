import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { cleanPhone, termsDate } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false }); });
afterAll(async () => { await t?.close(); });

describe('company info', () => {
  it('serves the company of the site with every field of the spec', async () => {
    const res = await t.call({ method: 'GET', url: '/api/companyinfo.php' });
    expect(res.statusCode).toBe(200);
    const { company } = res.json();
    for (const key of ['name', 'address', 'kvk', 'city', 'country', 'tradenames', 'vat_numbers', 'support_phone', 'delete_discount', 'added']) {
      expect(company, key).toHaveProperty(key);
    }
    expect(company.id).toBe(1);
  });

  it('answers 404 for a site whose company is not configured', async () => {
    await t.kernel.sites.update('nocompany.localhost', { company_id: 99 });
    const res = await t.call({ method: 'GET', url: '/api/companyinfo.php', headers: { host: 'nocompany.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('company_not_found');
  });
});

describe('page rules', () => {
  it('dates the terms at 2023-12-01 12:00 UTC or when the company was added, if later', () => {
    expect(termsDate('2020-01-01T00:00:00Z')).toBe('2023-12-01T12:00:00.000Z');
    expect(termsDate('2024-03-15T09:00:00Z')).toBe('2024-03-15T09:00:00.000Z');
    expect(termsDate(null)).toBe('2023-12-01T12:00:00.000Z');
  });
  it('cleans the support phone of dashes and spaces', () => {
    expect(cleanPhone('+31 20-123 45 67')).toBe('+31201234567');
  });
});
