import { expect, test } from '@playwright/test';
import { client, expectAccessible, logInAs, newMember, shot } from './helpers.ts';

// /lang-config: every language named in itself; a choice switches the site, is kept in the cookie
// i18n_redirected for 365 days and, for a member, saved on the server.
test('a visitor picks a language from the footer\'s language page; it stays for a year', async ({ page, context }, info) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Language' }).click();
  await expect(page).toHaveURL(/\/lang-config$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your language' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Languages' });
  await expect(list.getByRole('button')).toHaveText([/^English/, 'Nederlands', 'Deutsch', 'Italiano', 'Français', 'Español', 'Polski', 'Dansk', 'Suomi', 'Norsk bokmål', 'Svenska']);
  await shot(page, info, 'lang-config');
  await expectAccessible(page, 'language page');

  await list.getByRole('button', { name: 'Nederlands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kies je taal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Taal gewijzigd: Nederlands.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Talen' }).getByRole('button', { name: /Nederlands/ })).toHaveAttribute('aria-pressed', 'true');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('nl');
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  await shot(page, info, 'lang-config-nl');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Ontmoet singles bij jou in de buurt' })).toBeVisible();
});

test('a member chooses a language from the account menu and it is saved to the account', async ({ page, baseURL }) => {
  const me = await newMember(baseURL!, { name: 'Lingua' });
  await logInAs(page, baseURL!, me);
  await page.goto('/members');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await expect(page).toHaveURL(/\/lang-config$/);
  await expect(page.getByText(/saved in your account/)).toBeVisible();
  await page.getByRole('button', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Välj ditt språk' })).toBeVisible();
  await expect.poll(async () => {
    const res = await fetch(`${baseURL}/api/user.php`, { headers: { ...client, cookie: me.cookie } });
    return ((await res.json()) as { user: { language: string | null } }).user.language;
  }).toBe('sv');
});
