import { expect, test, type Page } from '@playwright/test';
import { advanceServerClock, expectAccessible, mailCount, mailLink, shot, uniqueEmail, waitForMail } from './helpers.ts';

const client = { 'x-request-type': 'client', 'content-type': 'application/json' };

/** A new member made through the API (the signup journey itself is in signup.spec.ts). */
async function newMember(baseURL: string, tag: string) {
  const email = uniqueEmail(tag);
  const password = 'first-password-1';
  const res = await fetch(`${baseURL}/api/signup.php`, {
    method: 'POST', headers: client,
    body: JSON.stringify({ gender: 'male', looking_for: ['female'], date_of_birth: '1988-03-03', country: 'GB', region: 'devon', city: 'Exeter', name: 'Robin', email, password, language: 'en' }),
  });
  expect(res.status).toBe(200);
  return { email, password };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a member who forgot the password gets a link by mail and chooses a new one', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('E-mail address').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail address not found.');
  await shot(page, info, 'reset-password-error');
  const before = await mailCount(m.email);
  await page.getByLabel('E-mail address').fill(m.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`Check your inbox: we sent a link to ${m.email}.`, { exact: false })).toBeVisible();
  await shot(page, info, 'reset-password-sent');
  await expectAccessible(page, 'reset password');

  const mail = await waitForMail(m.email, { after: before });
  expect(mail.subject).toBe('Choose a new password for FlirtHaven');
  const link = mailLink(mail, '/reset-password/do');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Repeat the new password').fill('second-password-3');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The entered passwords are not the same.');
  await shot(page, info, 'reset-password-do');
  await page.getByLabel('Repeat the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText('Your new password is saved and you are logged in.')).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Link expired or invalid, request a new email.');
  await shot(page, info, 'reset-password-link-invalid');

  // Two more mails today are fine, the fourth is refused.
  for (let i = 0; i < 2; i++) {
    await fetch(`${baseURL}/api/reset-password.php`, { method: 'POST', headers: client, body: JSON.stringify({ email: m.email }) });
  }
  await page.context().clearCookies();
  await page.goto('/reset-password');
  await page.getByLabel('E-mail address').fill(m.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many password reset emails sent, please try again tomorrow.');
});

test('a member changes the password and the e-mail address in the settings', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, 'settings');
  await logIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/members$/);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Your e-mail address is ${m.email}.`)).toBeVisible();

  const pw = page.getByRole('region', { name: 'Password' });
  await pw.getByLabel('Current password').fill('not-my-password');
  await pw.getByLabel('New password').fill('second-password-2');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByRole('alert')).toHaveText('Please check your old password.');
  await pw.getByLabel('Current password').fill(m.password);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Your password has been changed.', { exact: false })).toBeVisible();

  const em = page.getByRole('region', { name: 'E-mail address' });
  await em.getByLabel('New e-mail address').fill('not valid');
  await em.getByLabel('Current password').fill('second-password-2');
  await em.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(em.getByRole('alert')).toHaveText('New email adress is invalid.');
  await em.getByLabel('New e-mail address').fill('demo@example.com');
  await em.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(em.getByRole('alert')).toHaveText('This email address already owns an account on this website.');
  const next = uniqueEmail('changed');
  await em.getByLabel('New e-mail address').fill(next);
  await em.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(em.getByText(`We sent a confirmation link to ${next}.`, { exact: false })).toBeVisible();
  await shot(page, info, 'settings');
  await expectAccessible(page, 'settings');

  const mail = await waitForMail(next);
  await page.goto(mailLink(mail, '/mail-change/do'));
  await expect(page.getByText(`Your e-mail address is now ${next}.`)).toBeVisible();
  await shot(page, info, 'mail-change-done');
  await page.goto('/settings');
  await expect(page.getByText(`Your e-mail address is ${next}.`)).toBeVisible();
});

test('a member deletes the account, comes back within 14 days, and is erased for good after 15 days', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, 'leaver');
  await logIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/members$/);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const d = page.getByRole('dialog', { name: 'Delete your account' });
  await d.getByRole('radio', { name: 'I want to take a break' }).check();
  await d.getByRole('button', { name: 'Continue' }).click();
  await expect(d.getByRole('heading', { name: 'Take a break instead' })).toBeVisible();
  await shot(page, info, 'delete-offer');
  await d.getByRole('button', { name: 'No thanks, delete my account' }).click();
  await d.getByLabel('Password').fill('wrong-password');
  await d.getByRole('button', { name: 'Delete my account' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please check your password.');
  await d.getByLabel('Password').fill(m.password);
  await shot(page, info, 'delete-confirm');
  await d.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account will be deleted' })).toBeVisible();
  await shot(page, info, 'account-deleted');

  // Meanwhile neither logging in nor signing up again works.
  await logIn(page, m.email, m.password);
  await expect(page.getByRole('alert')).toHaveText('Deleted account still pending: use the emailed link or contact customer service');
  const again = await fetch(`${baseURL}/api/signup-check.php`, { method: 'POST', headers: client, body: JSON.stringify({ email: m.email }) });
  expect((await again.json()).error).toBe('account_deletion_pending');

  // The mailed link brings the member back.
  const mail = await waitForMail(m.email, { after: 1 });
  expect(mail.subject).toBe('Your FlirtHaven account will be deleted');
  await page.goto(mailLink(mail, '/api/reactivate.php'));
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText('Welcome back! Your account is active again.')).toBeVisible();

  // Deleted again, and 15 days pass: the account is erased, the old link is dead.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await d.getByRole('radio', { name: 'Another reason' }).check();
  await d.getByRole('button', { name: 'Continue' }).click();
  await d.getByLabel('Password').fill(m.password);
  await d.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  const second = await waitForMail(m.email, { after: 2 });
  await advanceServerClock(baseURL!, 15);
  await logIn(page, m.email, m.password);
  await expect(page.getByRole('alert')).toHaveText('Login failed, please try again.');
  await page.goto(mailLink(second, '/api/reactivate.php'));
  await expect(page.getByRole('alert')).toHaveText('Link expired or invalid, request a new email.');
  // The address is free again.
  const free = await fetch(`${baseURL}/api/signup-check.php`, { method: 'POST', headers: client, body: JSON.stringify({ email: m.email }) });
  expect(await free.json()).toEqual({ ok: true });
});
