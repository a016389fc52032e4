import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, mailCount, mailLink, shot, waitForMail } from './helpers.ts';

const client = { 'x-request-type': 'client', 'content-type': 'application/json' };

test.beforeEach(async ({ baseURL }) => {
  // Every category on for the demo member.
  const res = await fetch(`${baseURL}/api/user.php`, { method: 'POST', headers: client, body: JSON.stringify(DEMO) });
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  await fetch(`${baseURL}/api/notifications.php`, { method: 'PUT', headers: { ...client, cookie }, body: JSON.stringify({ notifications_disabled: [] }) });
});

test('a member switches notification mails per category and sees the alert while some are off', async ({ page }, info) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.goto('/notifications');
  const promos = page.getByRole('switch', { name: 'Offers and promotions' });
  await expect(promos).toBeChecked();
  await promos.uncheck();
  await expect(page.getByText('Your choice is saved.')).toBeVisible();
  await expect(promos).not.toBeChecked();
  await shot(page, info, 'notifications');
  await expectAccessible(page, 'notifications');

  await page.goto('/members');
  const alert = page.getByText('You have switched off e-mail notifications, so you may miss messages and likes.');
  // One alert at a time: where this browser can take push messages, their prompt comes first
  // (higher priority); once it is put off, this one shows.
  const pushPrompt = page.getByText('Turn on notifications so you never miss a message or a like, even when this page is closed.');
  await expect(alert.or(pushPrompt)).toBeVisible();
  if (await pushPrompt.isVisible()) {
    await expect(alert).toBeHidden();
    await page.getByRole('button', { name: 'Not now' }).click();
  }
  await expect(alert).toBeVisible();
  await expect(pushPrompt).toBeHidden();
  await shot(page, info, 'notifications-alert');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
  await expect(alert).toBeHidden();

  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Switch all on' }).click();
  await expect(promos).toBeChecked();
});

test('the unsubscribe link of a mail works without logging in', async ({ page, baseURL }, info) => {
  const before = await mailCount(DEMO.email);
  await fetch(`${baseURL}/api/reset-password.php`, { method: 'POST', headers: client, body: JSON.stringify({ email: DEMO.email }) });
  const mail = await waitForMail(DEMO.email, { after: before });
  await page.goto(mailLink(mail, '/notifications?unsubscribe='));
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('All notification e-mails')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Done: you will no longer receive these e-mails.', { exact: false })).toBeVisible();
  await shot(page, info, 'unsubscribe');
});
