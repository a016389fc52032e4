import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { readLatestSms } from '../plugins/payments/server/sms/outbox.ts';
import { expectAccessible, logInAs, newMember, useCanonicalOrigin, type Member } from './helpers.ts';

// SEPA direct debit with our own mandate (account, address, a code texted to the member's mobile, the
// ticked authorisation) on the built-in test provider; refunding a purchase's unused credits and its
// receipt; and the block after a debit the bank returned.
test.describe.configure({ timeout: 150_000 });

// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

// The e2e server texts into <DATA_DIR>/sms-outbox (playwright.config.ts).
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'sms-outbox');
const ARNHEM = { country: 'NL', region: 'gelderland', city: 'Arnhem' };

/** A Dutch mobile number no other test or run has used: "+31 6 " and eight digits. */
const uniquePhone = () => `+31 6 ${String(Date.now() % 1e5).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
const e164 = (phone: string) => phone.replace(/\s/g, '');

/** The 6-digit code of the newest SMS to `phone`, waiting for it to arrive. */
async function codeFor(phone: string): Promise<string> {
  let text: string | null = null;
  await expect.poll(async () => (text = await readLatestSms(OUTBOX, e164(phone))), { timeout: 10_000 }).toMatch(/\b\d{6}\b/);
  return text!.match(/\b\d{6}\b/)![0];
}

/**
 * A screenshot in test-results/ (375 px wide on the phone project, 1280 px on the desktop): the whole
 * page from its top, or with `window` what the member sees now (an open dialog, a focused field).
 * Nothing may be wider than the screen.
 */
async function view(page: Page, info: TestInfo, name: string, opts: { window?: boolean } = {}) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name}: wider than the screen`).toBeLessThanOrEqual(0);
  const dir = path.join('test-results', 'payments-directdebit');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${info.project.name}-${name}.png`);
  // From the top, so the sticky navigation sits there and not over the middle of the page.
  if (!opts.window) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: !opts.window });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** `locator` is in the window and not hidden under the sticky top navigation. */
async function expectInView(page: Page, locator: Locator) {
  const bar = await nav(page).boundingBox();
  const box = await locator.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** /credits → 150 credits → SEPA direct debit → Continue: the form for package 2. */
async function openDirectDebit(page: Page) {
  await page.goto('/credits');
  await page.getByRole('link', { name: /Choose 150 credits/ }).click();
  await expect(page).toHaveURL(/\/credits\/2$/);
  await page.getByRole('radio', { name: /SEPA direct debit/ }).check();
  await page.getByRole('button', { name: 'Continue to direct debit' }).click();
  await expect(page).toHaveURL(/\/directdebit\?package=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by SEPA direct debit' })).toBeVisible();
}

/** Fills in account and address as a person would (the country is preset from the profile). */
async function fillAccount(page: Page, m: Member, iban: string) {
  const form = page.getByRole('form', { name: 'Pay by SEPA direct debit' });
  await form.getByLabel('Account holder').fill(m.name);
  await form.getByLabel('IBAN').pressSequentially(iban);
  await form.getByLabel('Street and house number').fill('Jansstraat 12');
  await form.getByLabel('Postcode').fill('6811 GJ');
  await form.getByLabel('Town or city').fill('Arnhem');
  await expect(form.getByLabel('Country')).toHaveValue('NL');
  return form;
}

test('a free member in NL pays 150 credits by SEPA direct debit: SMS code (a wrong one first), mandate, credited at once', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Daan', place: ARNHEM });
  await logInAs(page, baseURL!, m);
  await page.goto('/members');
  await expect(page.getByRole('link', { name: 'Get Premium' })).toBeVisible();

  await openDirectDebit(page);
  const form = await fillAccount(page, m, 'NL91ABNA0417164300');
  // The IBAN shows in groups of four as it is typed.
  await expect(form.getByLabel('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
  // The total of the order (the package's €24.99, less a discount the member may have): what is debited.
  const order = form.getByLabel('Your order');
  await expect(order).toContainText('150 credits');
  const total = (await order.locator('dd').last().textContent())!;
  expect(total).toMatch(/^€\d+\.\d\d$/);

  const phone = uniquePhone();
  await form.getByLabel('Mobile number').fill(phone);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('status').filter({ hasText: `We sent a code to ${e164(phone)}` })).toBeVisible();
  const codeInput = form.getByLabel('Code from the SMS');
  await expect(codeInput).toBeFocused();
  const code = await codeFor(phone);

  // The mandate names the creditor, its SEPA creditor id and the amount.
  const authorise = form.getByRole('checkbox', { name: /I authorise/ });
  await expect(authorise).toHaveAccessibleName(`By ticking this box I authorise FlirtHaven Media B.V. (creditor id NL69ZZZ123456780000) to collect ${total} once from my account by SEPA direct debit and my bank to debit my account accordingly. I will be notified 1 day before the debit (this page and an e-mail are the pre-notification). I may ask my bank for a refund within 8 weeks of the debit date under the conditions of my agreement with my bank.`);
  await authorise.check();
  await expectAccessible(page, 'direct debit form');
  await view(page, info, 'directdebit-form');

  // A wrong code: said at the code field, which takes focus.
  const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
  await codeInput.fill(wrong);
  await form.getByRole('button', { name: `Pay ${total} by direct debit` }).click();
  await expect(codeInput).toHaveAttribute('aria-invalid', 'true');
  await expect(codeInput).toHaveAccessibleDescription(/Code invalid/);
  await expect(codeInput).toBeFocused();
  await expectInView(page, codeInput);
  await expect(page).toHaveURL(/\/directdebit\?package=2$/);
  await view(page, info, 'directdebit-code-invalid', { window: true });

  await codeInput.fill(code);
  await form.getByRole('button', { name: `Pay ${total} by direct debit` }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  // Accepted by the provider: credited at once, while the bank collects in the next days.
  await expect(page.getByRole('heading', { name: /Direct debit accepted|Payment completed/ })).toBeVisible();
  await expect(page.getByText('150 credits have been added to your account. Thank you!')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Credits', exact: true })).toBeVisible();
  await expectAccessible(page, 'direct debit accepted');
  // The bank collects a few seconds later (the test provider's pending time).
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByText('Your credits: 160')).toBeVisible(); // 10 signup credits + 150
  // The receipt names the debited account by its last four characters only.
  await page.goto('/transactions');
  await expect(page.getByRole('row', { name: /SEPA direct debit/ })).toContainText('Paid');
  await page.getByRole('link', { name: /^Receipt for the payment of / }).click();
  const method = page.getByRole('article', { name: /^Receipt / }).getByRole('definition').filter({ hasText: 'SEPA direct debit' });
  await expect(method).toHaveText('SEPA direct debit (…4300)');
});

test('refund of unused credits after paying, then the receipt from the history', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Fenna', gender: 'female', lookingFor: 'male', place: ARNHEM });
  await logInAs(page, baseURL!, m);
  await page.goto('/credits');
  await page.getByRole('link', { name: /Choose 150 credits/ }).click();
  await page.getByRole('radio', { name: /iDEAL/ }).check();
  await page.getByRole('button', { name: /^Pay €\d+\.\d\d with iDEAL$/ }).click();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const transaction = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  // 160 credits: no badge on Credits.
  await expect(nav(page).getByRole('link', { name: 'Credits', exact: true })).toBeVisible();

  // The payment's page, opened afresh: all 150 credits of it are unused.
  await page.goto(transaction);
  const section = page.getByRole('region', { name: 'Refund unused credits' });
  await expect(section).toContainText(/150 unused credits of this purchase can be refunded \(€\d+\.\d\d\) until/);
  // All of it unused: everything paid comes back (the transaction fee excepted: iDEAL has none).
  const paid = (await section.textContent())!.match(/\((€\d+\.\d\d)\)/)![1]!;
  await section.getByRole('button', { name: 'Refund credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund 150 credits?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`150 credits are taken off your balance and ${paid} goes back to the account you paid with.`);
  // Focus moved into the dialog.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page, 'refund dialog');
  await view(page, info, 'refund-dialog', { window: true });
  await dialog.getByRole('button', { name: `Refund ${paid}` }).click();

  await expect(dialog).toHaveCount(0);
  const done = section.getByRole('status');
  await expect(done).toHaveText(`150 credits refunded; ${paid} goes back to your account within a few days.`);
  await expect(done).toBeFocused();
  await expect(page.getByText(`Refunded: 150 credits (${paid}).`)).toBeVisible();
  // The balance in the navigation: 10 left, so the badge shows.
  await expect(nav(page).getByRole('link', { name: 'Credits (10)' })).toBeVisible();
  await expectAccessible(page, 'refund result');
  await view(page, info, 'refund-done');

  // The receipt from the history's Receipt link.
  await page.goto('/transactions');
  await expect(page.getByRole('cell').getByText(`${paid} refunded`)).toBeVisible();
  await page.getByRole('link', { name: /^Receipt for the payment of / }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+\?receipt=1$/);
  const receipt = page.getByRole('article', { name: /^Receipt \d{4}-\d+$/ });
  await expect(receipt).toBeVisible();
  const seller = receipt.getByRole('group', { name: 'Seller' }).or(receipt.locator('address'));
  await expect(seller).toContainText('FlirtHaven Media B.V.');
  await expect(seller).toContainText('Keizersgracht 123');
  await expect(seller).toContainText('Chamber of Commerce (KvK) no. 87654321');
  await expect(seller).toContainText('VAT no. NL862345678B01');
  await expect(receipt).toContainText(m.email);
  await expect(receipt.getByRole('row', { name: /^150 credits/ })).toContainText('€24.99'); // the package's price
  await expect(receipt.getByRole('row', { name: /Total paid/ })).toContainText(paid);
  await expect(receipt.getByRole('row', { name: /Refunded/ })).toContainText(`-${paid}`);
  await expectAccessible(page, 'receipt');
  await view(page, info, 'receipt');
});

test('after a direct debit the bank returned, the member is blocked for direct debit: no form, other ways to pay', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Bram', place: ARNHEM });
  await logInAs(page, baseURL!, m);
  await openDirectDebit(page);
  const form = await fillAccount(page, m, 'DE62370400440532013001');
  const phone = uniquePhone();
  await form.getByLabel('Mobile number').fill(phone);
  await form.getByRole('button', { name: 'Send code' }).click();
  await form.getByLabel('Code from the SMS').fill(await codeFor(phone));
  await form.getByRole('checkbox', { name: /I authorise/ }).check();
  await form.getByRole('button', { name: /^Pay €\d+\.\d\d by direct debit$/ }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  // Credited on acceptance, then the bank returns the debit: the credits leave again.
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed or has been cancelled' })).toBeVisible();

  await page.goto('/directdebit?package=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by SEPA direct debit' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Your account is blocked for direct debit payments.');
  await expect(page.getByRole('form', { name: 'Pay by SEPA direct debit' })).toHaveCount(0);
  await expect(page.getByLabel('IBAN')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Pay another way' }).getByRole('link', { name: /iDEAL/ })).toBeVisible();
  await expectAccessible(page, 'direct debit blocked');
  await view(page, info, 'directdebit-blocked');
  await page.goto('/credits');
  await expect(page.getByText('Your credits: 10')).toBeVisible();
});
