import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, openFilters, resetDemoLanguage, shot } from './helpers.ts';

test.beforeEach(async ({ baseURL }) => { await resetDemoLanguage(baseURL!); });

test('a visitor logs in, searches members, opens a profile, reads German and logs out', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeVisible();
  await expect(page).toHaveTitle('FlirtHaven');
  await shot(page, info, '01-home');
  await expectAccessible(page, 'home');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed, please try again.');
  await shot(page, info, '02-login-failed');
  await expectAccessible(page, 'login');
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  await expect(page.getByText(/Members found: \d+/)).toBeVisible();
  await openFilters(page);
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await expect(page.getByLabel('State')).toBeEnabled();
  await page.getByLabel('Minimum age').fill('25');
  await page.getByLabel('Maximum age').fill('45');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/country=DE/);
  await expect(page).toHaveURL(/min_age=25/);
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results.first()).toBeVisible();
  const labels = await results.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    const age = Number(label.split(', ')[1]);
    expect(age).toBeGreaterThanOrEqual(25);
    expect(age).toBeLessThanOrEqual(45);
  }
  await shot(page, info, '03-members-filtered');
  await expectAccessible(page, 'members');

  const first = labels[0];
  await results.first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.split(', ').slice(0, 2).join(', '));
  await expect(page.getByText('Germany')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Interests' })).toBeVisible();
  // The demo member is a free member: the large photo is the server's blurred copy, with a lock.
  await expect(page.getByRole('img', { name: /^Blurred photo of / })).toBeVisible();
  await expect(page.getByText('Only premium members see this photo')).toBeVisible();
  await shot(page, info, '04-profile');
  await expectAccessible(page, 'profile');

  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Interessen' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Mitglieder suchen/ }).first()).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
  await shot(page, info, '05-profile-de');
  // The choice is saved for the member and survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Interessen' })).toBeVisible();

  await page.getByRole('button', { name: 'Konto' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Triff Singles in deiner Nähe' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mitglieder suchen' }).last()).toBeVisible();
  await shot(page, info, '06-logged-out-de');
});

test('login returns the member to the page they came from', async ({ page }) => {
  await page.goto('/login?redirect=%2Fmembers%3Fcountry%3DPL');
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/members\?country=PL$/);
  // The filter came along (on a phone behind "Filters", which says one is set).
  await openFilters(page);
  await expect(page.getByLabel('Voivodeship')).toBeVisible();
});

test('unknown pages show the 404 error page with a way home', async ({ page }, info) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await shot(page, info, '07-not-found');
  await expectAccessible(page, 'not found');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeVisible();
});

test('a domain that closes search to visitors sends them to log in', async ({ page, baseURL }) => {
  const url = new URL(baseURL!);
  await page.goto(`${url.protocol}//private.localhost:${url.port}/members?country=NL`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // The search entry is hidden from visitors there.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Search members' })).toHaveCount(0);
});

test('a member whose session ends is told so and asked to log in again', async ({ page, baseURL }) => {
  const url = new URL(baseURL!);
  const site = `${url.protocol}//private.localhost:${url.port}`;
  await page.goto(`${site}/login`);
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  // The session disappears (expired, or logged out elsewhere); the next search is refused.
  await page.context().clearCookies({ name: 'sid' });
  await openFilters(page);
  await page.getByLabel('Minimum age').fill('30');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please log in again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a domain speaks its own language to visitors without a language cookie', async ({ page, baseURL }) => {
  const url = new URL(baseURL!);
  await page.goto(`${url.protocol}//de.localhost:${url.port}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Triff Singles in deiner Nähe' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page).toHaveTitle('FlirtHaven Deutschland');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
});

test('Back from a profile returns to the same place in the search results', async ({ page }) => {
  await page.goto('/members?country=GB');
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);
  await last.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/members\?country=GB$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
});
