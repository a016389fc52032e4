import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectAccessible, mailLink, shot, uniqueEmail, waitForMail } from './helpers.ts';

const next = (d: Locator) => d.getByRole('button', { name: 'Next' }).click();
const errorIn = (d: Locator, text: string) => expect(d.getByRole('alert').filter({ hasText: text })).toBeVisible();

async function openSignup(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your free account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a visitor signs up in the dialog step by step, sees every check, and activates the account from the mail', async ({ page }, info) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  let d = await openSignup(page);
  await expect(d.getByText('Step 1 of 5')).toBeVisible();

  // Step 0: who are you
  await next(d);
  await errorIn(d, 'Choose whether you are a man or a woman.');
  await errorIn(d, 'Choose who you are looking for.');
  await d.getByRole('radio', { name: 'Woman', exact: true }).check();
  await d.getByRole('checkbox', { name: 'Men', exact: true }).check();
  await shot(page, info, 'signup-0-you');
  await expectAccessible(page, 'signup step 0');
  await next(d);

  // Step 1: date of birth. The dialog no longer closes by accident.
  await expect(d.getByRole('heading', { name: 'When is your birthday?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(d).toBeVisible();
  await next(d);
  await errorIn(d, 'Enter your date of birth (18+)');
  await d.getByLabel('Day').selectOption('30');
  await d.getByLabel('Month').selectOption({ label: 'February' });
  await d.getByLabel('Year').selectOption('1990');
  await next(d);
  await errorIn(d, 'Invalid date of birth.');
  await d.getByLabel('Day').selectOption('12');
  await shot(page, info, 'signup-1-birthday');
  await next(d);

  // Step 2: where
  await expect(d.getByRole('heading', { name: 'Where do you live?' })).toBeVisible();
  await expect(d.getByRole('button', { name: /Use my location/ })).toBeVisible();
  await next(d);
  await errorIn(d, 'Choose your country.');
  await d.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await d.getByLabel('County').selectOption({ label: 'Devon' });
  await d.getByLabel('City or town (optional)').fill('Exeter');
  await shot(page, info, 'signup-2-location');
  await next(d);

  // Step 3: the login, with each rule of the spec
  await expect(d.getByRole('heading', { name: 'Create your login' })).toBeVisible();
  const name = d.getByLabel('Username');
  const mail = d.getByLabel('E-mail address');
  const password = d.getByLabel('Password', { exact: true });
  await name.fill('@sunny');
  await mail.fill(email);
  await password.fill('long-enough-1');
  await next(d);
  await errorIn(d, 'Username may not start with @');
  await name.fill(email);
  await next(d);
  await errorIn(d, 'Username may not be the same as your e-mail address');
  await name.fill('Sunny');
  await mail.fill('not-an-address');
  await next(d);
  await errorIn(d, 'Invalid email');
  await mail.fill(DEMO.email);
  await next(d);
  await errorIn(d, 'An account with this email already exists (log in)');
  await expect(d.getByRole('link', { name: 'Log in' })).toBeVisible();
  await mail.fill(email);
  await shot(page, info, 'signup-3-account');

  // The draft (never the password) survives a reload.
  await page.reload();
  d = await openSignup(page);
  await expect(d.getByLabel('Username')).toHaveValue('Sunny');
  await expect(d.getByLabel('E-mail address')).toHaveValue(email);
  await expect(d.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('signup-draft'))).not.toContain('long-enough');
  await d.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await next(d);

  // Step 4: a first hello, then the account
  await d.getByLabel('A few words about yourself (optional)').fill('Walks on the beach and good coffee.');
  await shot(page, info, 'signup-4-message');
  await d.getByRole('button', { name: 'Create my account' }).click();
  await expect(d.getByRole('heading', { name: 'Almost done: confirm your e-mail address' })).toBeVisible();
  await expect(d.getByText(email)).toBeVisible();
  await shot(page, info, 'signup-5-complete');
  await expectAccessible(page, 'signup completion');
  await d.getByRole('button', { name: 'See who matches you' }).click();
  await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1$/);
  await expect(page.getByRole('heading', { name: 'Members who match you' })).toBeVisible();
  await expect(page.getByText(`Please confirm your e-mail address: click the link we sent to ${email}.`)).toBeVisible();
  // On a phone, right after signup, the reminder is a dialog.
  const reminder = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
  if (info.project.name === 'phone') {
    await expect(reminder).toBeVisible();
    await shot(page, info, 'activate-reminder-modal');
    await reminder.getByRole('button', { name: 'Later' }).click();
  } else {
    await expect(reminder).toBeHidden();
  }
  await shot(page, info, 'signup-matches');

  // The activation mail arrived over SMTP, in HTML and text, with a one-click unsubscribe header.
  const activation = await waitForMail(email);
  expect(activation.subject).toBe('Confirm your e-mail address for FlirtHaven');
  expect(activation.html).toContain('Confirm my e-mail address');
  expect(activation.headers['list-unsubscribe']).toContain('/api/unsubscribe.php?token=');
  await page.goto(mailLink(activation, '/api/activate.php'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await shot(page, info, 'activate-done');
  await page.goto('/members');
  await expect(page.getByText(/Please confirm your e-mail address/)).toBeHidden();

  // A used link shows the error page.
  await page.goto(mailLink(activation, '/api/activate.php'));
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByText('Activation failed (contact support)')).toBeVisible();
  await shot(page, info, 'activate-error');
});

test('signups follow the setting: invite only, only from a traffic source, or open', async ({ page, baseURL }, info) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://private.localhost:${port}/`);
  let d = await openSignup(page);
  await expect(d.getByRole('heading', { name: 'Registration by invitation only' })).toBeVisible();
  await shot(page, info, 'signup-invite-only');

  await page.goto(`http://partners.localhost:${port}/`);
  d = await openSignup(page);
  await expect(d.getByRole('heading', { name: 'Registration by invitation only' })).toBeVisible();

  // Arriving through an affiliate link: the tracking data is kept and the address cleaned.
  await page.goto(`http://partners.localhost:${port}/?network=adnet&ref=r-1&sub1=spring&lang=x`);
  await expect(page).toHaveURL(`http://partners.localhost:${port}/?lang=x`);
  // src: the visit's own id, which the signup and the postbacks carry back to the network. The server
  // adds it when the page reports the visit, a moment after the address is cleaned.
  const tracking = async () => {
    const c = (await page.context().cookies()).find((x) => x.name === 'tracking');
    return c ? JSON.parse(decodeURIComponent(c.value)) as Record<string, string> : null;
  };
  await expect.poll(tracking).toEqual({ network: 'adnet', ref: 'r-1', sub1: 'spring', src: expect.stringMatching(/^[\w-]{16,}$/) });
  d = await openSignup(page);
  await expect(d.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
});

test('the signup page works without the dialog', async ({ page }, info) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your free account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
  await shot(page, info, 'signup-page');
  await expectAccessible(page, 'signup page');
});
