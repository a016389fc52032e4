import { expect, test } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';

test('the footer leads to the terms, the privacy policy and customer service', async ({ page }, info) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Information' });
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  // The version date: the company was added after 2023-12-01, so its date counts.
  await expect(page.getByText('Last updated: March 15, 2024')).toBeVisible();
  await shot(page, info, 'pages-terms');
  await expectAccessible(page, 'terms');

  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByText('FlirtHaven Media B.V.').first()).toBeVisible();

  await footer.getByRole('link', { name: 'Customer service' }).click();
  await expect(page).toHaveURL(/\/pages\/service$/);
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
  await expect(page.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
  await shot(page, info, 'pages-service');

  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('navigation', { name: 'Informations' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Service client' })).toBeVisible();
  await shot(page, info, 'pages-service-fr');
});
