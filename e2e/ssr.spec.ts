import { expect, test } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';

// The landing page is rendered on the server for visitors and hydrated in the browser: it paints
// with its content before any script runs, works without JavaScript, and hydrates without a mismatch.

test('a visitor gets "/" rendered on the server; the browser hydrates it without a mismatch', async ({ page, baseURL }, info) => {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  // The HTML itself holds the page: its heading and the way in.
  const raw = await (await page.request.get('/')).text();
  expect(raw).toMatch(/<div id="root">.*<h1>/s);
  expect(raw).toMatch(/href="\/login"/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated: the app responds (the signup button opens the signup dialog).
  await page.getByRole('button', { name: /sign up/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'landing page (server-rendered)');
  await shot(page, info, 'ssr-home');
  expect(errors).toEqual([]);
});

test('without JavaScript "/" still shows what the site is and the way in', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /log in/i }).first()).toHaveAttribute('href', '/login');
  await context.close();
});

test.describe('a visitor the site warns first (the browser says de-DE, a served country)', () => {
  test.use({ locale: 'de-DE' });
  test('the warning comes once the page is hydrated, without a mismatch', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
