import { expect, test, type Page } from '@playwright/test';
import { logInStaff } from './console-helpers.ts';
import { client, expectAccessible, logInAs, newMember, shot, useCanonicalOrigin } from './helpers.ts';

// The console's money (issue 22): an admin changes a package price and a member sees it on /credits,
// creates a discount code the member then uses to pay, finds that payment, refunds it (once), sees
// the revenue, and the audit log lists each change with before and after.
test.describe.configure({ timeout: 150_000 });
// The console is for desktops and tablets: the phone project ignores console journeys (playwright.config.ts).
// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

const NL = { country: 'NL', region: 'gelderland', city: 'Arnhem' };

const logInAdmin = (page: Page, baseURL: string) => logInStaff(page, baseURL, 'admin', 'money');

test('an admin changes a price, makes a code a member pays with, refunds that payment once; revenue and audit show it', async ({ page, baseURL }, info) => {
  await logInAdmin(page, baseURL!);
  // The default domain's own packages go back to the default row's whatever happens below.
  const restore = () => page.request.put('/api/operator/payments/settings', { headers: client, data: { domain: 'localhost', credit_packages: null } });
  try {
    // A new price for 150 credits in EUR on localhost.
    await page.getByRole('link', { name: 'Packages and methods' }).click();
    await expect(page.getByRole('heading', { name: 'Packages and payment methods' })).toBeVisible();
    await page.getByLabel('Domain', { exact: true }).selectOption('localhost');
    const price = page.getByLabel('EUR package 2: price');
    await expect(price).toHaveValue('24.99');
    await price.fill('19.99');
    await page.getByRole('button', { name: 'Save packages' }).click();
    await expect(page.getByText('Packages saved for localhost: members see the new prices now.')).toBeVisible();
    await expectAccessible(page, 'console packages');
    await shot(page, info, 'console-packages');

    const m = await newMember(baseURL!, { name: 'Saskia', place: NL });
    const members = await page.context().browser()!.newContext();
    const mp = await members.newPage();
    await logInAs(mp, baseURL!, m);
    await mp.goto('/credits');
    const packages = mp.getByRole('list', { name: 'Credit packages' });
    await expect(packages.getByRole('link', { name: 'Choose 150 credits for €19.99' })).toBeVisible();

    // A code made in the console: 10 % off, reusable.
    const code = `MONEY${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('link', { name: 'Discount codes' }).click();
    await page.getByRole('button', { name: 'New code…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount code' });
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Discount in percent').fill('10');
    await dialog.getByLabel('Validity').selectOption('reusable');
    await expectAccessible(page, 'console new code');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText(`${code} is created`)).toBeVisible();
    await shot(page, info, 'console-codes');

    // The member uses it: 10 % off €19.99 is €1.99 (rounded down), €18.00 to pay.
    const form = mp.getByRole('form', { name: 'Discount code' });
    await form.getByLabel('Discount code').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(mp.getByRole('status').filter({ hasText: `Code ${code} applied` })).toBeVisible();
    await packages.getByRole('link', { name: 'Choose 150 credits for €18.00' }).click();
    await mp.getByRole('radio', { name: /iDEAL/ }).check();
    await mp.getByRole('button', { name: 'Pay €18.00 with iDEAL' }).click();
    await mp.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(mp.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });

    // Its uses in the console.
    await page.getByRole('button', { name: `Show the uses of ${code}` }).click();
    await expect(page.getByRole('table', { name: 'Uses, newest first' }).getByRole('row').filter({ hasText: m.email })).toContainText('used (paid)');

    // The payment, found by the member's address, refunded: a double click refunds once.
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await page.getByLabel('Member').fill(m.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: 'Payments found: 1' });
    await expect(found).toContainText('€18.00');
    await found.getByRole('button', { name: /^Open payment/ }).click();
    // Paid as the provider told it: by its webhook or, when the member's return came first, the return's check.
    const history = page.getByRole('table', { name: 'Provider history' });
    await expect(history.getByRole('row').filter({ hasText: 'paid' })).toContainText(/webhook|return/);
    await expect(history).toContainText('create');
    await expect(page.getByRole('table', { name: 'Ledger entries of this payment' })).toContainText('150');
    await expectAccessible(page, 'console payment');
    await shot(page, info, 'console-payment');
    await page.getByRole('button', { name: 'Refund…' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund payment/ });
    await expect(refund).toContainText('The 150 unused credits');
    await refund.getByRole('button', { name: 'Refund €18.00' }).dblclick();
    await expect(page.getByText('Refunded: €18.00.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Refunds' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Ledger entries of this payment' })).toContainText('-150');
    await mp.goto('/credits');
    await expect(mp.getByText('Your credits: 10')).toBeVisible();
    await members.close();

    // Revenue: today's line for localhost with the refund, and the chart.
    await page.getByRole('link', { name: 'Revenue' }).click();
    const table = page.getByRole('table', { name: 'Revenue per domain, day and currency' });
    await expect(table.getByRole('row').filter({ hasText: 'localhost' }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Net revenue per domain and day (EUR)' })).toBeVisible();
    await expectAccessible(page, 'console revenue');
    await shot(page, info, 'console-revenue');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // The audit log: each change with before and after.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const rows = page.getByRole('table', { name: /Changes made in the console/ }).getByRole('row');
    await expect(rows.filter({ hasText: 'payments.settings' }).filter({ hasText: '1999' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'bonuses.code.create' }).filter({ hasText: code })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'payments.refund' }).filter({ hasText: '1800' })).toHaveCount(1);
  } finally {
    expect((await restore()).status()).toBe(200);
  }
});
