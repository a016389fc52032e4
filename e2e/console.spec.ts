import { expect, test, type Page } from '@playwright/test';
import { authenticatorCode } from './console-helpers.ts';
import { client, expectAccessible, logInAs, newMember, shot, uniqueEmail } from './helpers.ts';

// The operator console: an admin logs in with a password and TOTP (enrolling the authenticator app at
// the first login), switches the swipe game off on the gay niche domain and sees it gone there and
// still on the default domain, and finds the change in the audit log with before and after.

const PASSWORD = 'console-e2e-pass-1';

async function makeStaff(baseURL: string, role: 'admin' | 'operator') {
  const email = uniqueEmail(role);
  const res = await fetch(`${baseURL}/api/test/staff`, { method: 'POST', headers: client, body: JSON.stringify({ email, password: PASSWORD, role }) });
  if (!res.ok) throw new Error(`test staff: ${res.status} ${await res.text()}`);
  return email;
}

/** The authenticator app: the current code (at the server's time) of the secret the enrolment showed. */
const codeOf = (page: Page, secret: string) => authenticatorCode(new URL(page.url()).origin, secret);

async function logIn(page: Page, email: string): Promise<string> {
  await page.goto('/operator');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Key for the authenticator app').textContent())!.trim();
  await page.getByLabel('The code your app shows now').fill(await codeOf(page, secret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

test('an admin enrols TOTP, switches the swipe game off on the gay domain only, and the audit log shows it', async ({ page, baseURL }, info) => {
  const port = new URL(baseURL!).port;
  const email = await makeStaff(baseURL!, 'admin');
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible();
  await expectAccessible(page, 'console login');
  await shot(page, info, 'console-login');

  await logIn(page, email);
  await shot(page, info, 'console-recovery-codes');
  await page.getByRole('button', { name: 'I have stored them, continue' }).click();
  await expect(page.getByRole('heading', { name: 'Domains' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'gay.localhost' })).toBeVisible();
  await expectAccessible(page, 'console domains');
  await shot(page, info, 'console-domains');

  await page.getByRole('link', { name: 'gay.localhost' }).click();
  await expect(page.getByRole('heading', { name: 'Domain gay.localhost' })).toBeVisible();
  const swipe = page.getByRole('checkbox', { name: /^swipe-game/ });
  await expect(swipe).toBeChecked();
  await swipe.uncheck();
  await expect(page.getByText(/^Saved: Features/)).toBeVisible();
  await expect(swipe).not.toBeChecked();
  await expectAccessible(page, 'console domain');
  await shot(page, info, 'console-domain');

  // A setting through its generated form: a bad value is refused naming the field, a good one saved.
  await page.getByText('Site', { exact: true }).click();
  const refund = page.getByRole('spinbutton', { name: 'Refund days' });
  // The browser holds the schema's bounds (max 365); the server checks again and names the field.
  await refund.fill('400');
  await page.getByRole('button', { name: 'Save Refund days' }).click();
  expect(await refund.evaluate((e: HTMLInputElement) => e.validity.rangeOverflow)).toBe(true);
  const canonical = page.getByRole('textbox', { name: 'Canonical URL' });
  await canonical.fill('not a web address');
  await page.getByRole('button', { name: 'Save Canonical URL' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^canonical_url must match/ })).toBeVisible();
  await expect(canonical).toHaveAttribute('aria-invalid', 'true');
  await refund.fill('21');
  await page.getByRole('button', { name: 'Save Refund days' }).click();
  await expect(page.getByText('Saved: Refund days. Every instance uses it within 2 seconds.')).toBeVisible();

  // The member's side: no swipe game on the gay domain, still there on the default one.
  const member = await newMember(baseURL!, { name: 'Swiper' });
  const members = await page.context().browser()!.newContext();
  const mp = await members.newPage();
  await logInAs(mp, `http://gay.localhost:${port}`, member);
  await mp.goto(`http://gay.localhost:${port}/swipe-game`);
  await expect(mp.getByText('This page could not be found')).toBeVisible();
  await logInAs(mp, baseURL!, member);
  await mp.goto('/swipe-game');
  await expect(mp.getByRole('heading', { level: 1, name: 'Swipe game' })).toBeVisible();
  await members.close();

  // The audit log, newest first: the feature switch and the setting, with before and after.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const rows = page.getByRole('table', { name: /Changes made in the console/ }).getByRole('row');
  await expect(rows.filter({ hasText: 'sites.update' }).filter({ hasText: 'site:gay.localhost' }).filter({ hasText: '-swipe-game' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'refund_days' }).filter({ hasText: '21' })).toHaveCount(1);
  // Other journeys' staff enrol too (one database): this admin's enrolment, once.
  await expect(rows.filter({ hasText: 'console.enrol' }).filter({ hasText: email })).toHaveCount(1);
  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(page.getByText(/^The chain holds: \d+ entries/)).toBeVisible();
  await expectAccessible(page, 'console audit log');
  await shot(page, info, 'console-audit');
  // On a tablet too.
  await page.setViewportSize({ width: 820, height: 1100 });
  await shot(page, info, 'console-audit-tablet');

  // Back on for the other journeys.
  await page.goto('/operator/domains/gay.localhost');
  await page.getByRole('checkbox', { name: /^swipe-game/ }).check();
  await expect(page.getByText(/^Saved: Features/)).toBeVisible();

  // Logged out: the console's API answers nothing any more.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible();
  expect((await page.request.get('/api/operator/me')).status()).toBe(404);
});

test('the console speaks Dutch and German, and a member never reaches it', async ({ page, baseURL }) => {
  await page.goto('/operator');
  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('heading', { name: 'Inloggen op de console' })).toBeVisible();
  await page.getByLabel('Taal').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Anmeldung zur Konsole' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('en');
  const member = await newMember(baseURL!, { name: 'Curious' });
  const me = await fetch(`${baseURL}/api/operator/me`, { headers: { ...client, cookie: member.cookie } });
  expect(me.status).toBe(404);
});
