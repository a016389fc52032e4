import { expect, test } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';

test.describe('site-entry warning', () => {
  // A visitor from Germany (the browser says de-DE): a served country, so the warning shows.
  test.use({ locale: 'de-DE' });

  test('shows once to a visitor from a served country; confirming age lets them in for good', async ({ page }, info) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'This website is for adults only' });
    await expect(dialog).toBeVisible();
    await shot(page, info, 'site-entry-warning');
  await expectAccessible(page, 'site-entry warning');
    // Escape does not dismiss it: the visitor has to choose.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Leave' })).toHaveAttribute('href', /^https:/);
    await dialog.getByRole('button', { name: 'I am 18 or older, enter' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('skipped-site-entry-warning'))).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('does not show to visitors from countries the site does not serve', async ({ page }) => {
  await page.goto('/'); // the browser says en-US
  await expect(page.getByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
