import { expect, test } from '@playwright/test';
import { expectAccessible, logInAs, newMember, shot, useCanonicalOrigin } from './helpers.ts';

// Buying credits through the built-in test provider (the PSP test mode: a hosted checkout page on
// this server, the redirect back, an asynchronous webhook), as a member in the Netherlands and one
// in Poland would.
test.describe.configure({ timeout: 150_000 });

// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

test('a free member in NL buys credits with iDEAL: processing, then the credits in the navigation and premium', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Noor', gender: 'female', lookingFor: 'male', place: { country: 'NL', region: 'gelderland', city: 'Arnhem' } });
  await logInAs(page, baseURL!, m);
  await page.goto('/members');
  // Free members are offered premium in the navigation.
  await page.getByRole('link', { name: 'Get Premium' }).click();
  await expect(page).toHaveURL(/\/premium$/);
  await expect(page.getByRole('heading', { name: 'Premium membership' })).toBeVisible();
  await expect(page.getByText(/46% higher chance of a match/)).toBeVisible();
  await shot(page, info, 'payments-premium');

  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  await expect(page.getByText('€24.99').first()).toBeVisible();
  await expectAccessible(page, 'credits');
  await shot(page, info, 'payments-credits');
  await page.getByRole('link', { name: /Choose 150 credits/ }).click();
  await expect(page).toHaveURL(/\/credits\/2$/);
  await page.getByRole('radio', { name: /iDEAL/ }).check();
  await expectAccessible(page, 'payment method');
  await shot(page, info, 'payments-method');
  await page.getByRole('button', { name: /Pay €24\.99 with iDEAL/ }).click();

  // The provider's hosted page: pay, "pending then paid" to see the processing state.
  await page.getByRole('button', { name: 'Pending, then paid' }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { name: /Processing your payment|Payment completed/ })).toBeVisible();
  await shot(page, info, 'payments-processing');
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('150 credits have been added to your account. Thank you!')).toBeVisible();
  // Now premium: the navigation shows Credits instead of Get Premium (its badge only at 10 or fewer).
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveCount(0);
  await shot(page, info, 'payments-completed');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page.getByText('Your credits: 160')).toBeVisible(); // 10 signup credits + 150
  // The history lists it as paid.
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Your payments' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Paid' })).toBeVisible();

  // Premium sees other members' photos unblurred (demo members with an odd number have two).
  const ids = ((await (await page.request.get('/api/members.php?country=NO')).json()).profiles as { id: number }[]).map((p) => p.id);
  let url = '';
  for (const id of ids) {
    if ((await (await page.request.get(`/api/member.php?id=${id}`)).json()).profile.images.length > 1) { url = `/members/${id}`; break; }
  }
  expect(url).not.toBe('');
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Only premium members see this photo')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Blurred photo of/ })).toHaveCount(0);
  const big = page.locator('img[src*="-full.jpg"]').first();
  await expect(big).toBeVisible();
  expect((await page.request.get((await big.getAttribute('src'))!)).status()).toBe(200);
});

test('a failed payment offers another method; a member in PL pays in złoty (PLN) with BLIK or Przelewy24', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Ola', gender: 'female', lookingFor: 'male', place: { country: 'PL', region: 'dolnoslaskie', city: 'Wrocław' } });
  await logInAs(page, baseURL!, m);
  await page.goto('/credits/1');
  await expect(page.getByRole('radio', { name: /BLIK/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Przelewy24/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /iDEAL/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /BLIK/ }).check();
  await page.getByRole('button', { name: /Pay PLN 42\.99 with BLIK/ }).click();
  await page.getByRole('button', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByText(/Payment failed or has been cancelled/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Przelewy24/ }).or(page.getByRole('radio', { name: /Przelewy24/ })).first()).toBeVisible();
  await shot(page, info, 'payments-failed');
  await expectAccessible(page, 'failed payment');
});
