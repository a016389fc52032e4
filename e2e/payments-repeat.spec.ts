import { expect, test } from '@playwright/test';
import { expectAccessible, logInAs, newMember, shot, useCanonicalOrigin } from './helpers.ts';

// Buying the same again: a member who paid once (through the built-in test provider, as in
// e2e/payments.spec.ts) repeats the last order from /credits/repeat-order in one step.
test.describe.configure({ timeout: 150_000 });

// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

test('a member who paid once repeats the last order: the package and method are chosen, one Pay, credited', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Sanne', gender: 'female', lookingFor: 'male', place: { country: 'NL', region: 'gelderland', city: 'Arnhem' } });
  await logInAs(page, baseURL!, m);

  // The first order: 150 credits with iDEAL, paid on the test provider's page.
  await page.goto('/credits');
  await page.getByRole('link', { name: /Choose 150 credits/ }).click();
  await page.getByRole('radio', { name: /iDEAL/ }).check();
  await page.getByRole('button', { name: /Pay €24\.99 with iDEAL/ }).click();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });

  // Credits offers the repeat; it opens with the last package and method already chosen.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByText('Your credits: 160')).toBeVisible(); // 10 signup credits + 150
  await page.getByRole('link', { name: 'Repeat your last order in one step' }).click();
  await expect(page).toHaveURL(/\/credits\/repeat-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repeat your last order' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /iDEAL/ })).toBeChecked();
  await expect(page.getByRole('radio')).toHaveCount(1);
  const order = page.getByLabel('Your order');
  await expect(order).toContainText('150 credits');
  await expect(order).toContainText('€24.99');
  await expectAccessible(page, 'repeat order');
  await shot(page, info, 'payments-repeat-order');

  // One step: Pay, then the provider's page.
  await page.getByRole('button', { name: 'Pay €24.99 with iDEAL' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('150 credits have been added to your account. Thank you!')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByText('Your credits: 310')).toBeVisible();
  await page.goto('/transactions');
  await expect(page.getByRole('cell', { name: 'Paid' })).toHaveCount(2);
});
