import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInStaff } from './console-helpers.ts';
import { client, expectAccessible, logInAs, mailCount, mailLink, newMember, shot, waitForMail } from './helpers.ts';

// The console's members section (issue 22, part 5): an operator finds a member by e-mail, opens the
// member's page, disables the account (the member is logged out at once and cannot log in), enables
// it again, mails a password-reset link; an admin grants 50 credits with a reason, which the member
// then sees. Every change is in the audit log.
test.describe.configure({ timeout: 180_000 });
// The console is for desktops and tablets: the phone project ignores console journeys (playwright.config.ts).



async function newPage(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  return { context, p: await context.newPage() };
}

async function memberLogIn(p: Page, email: string, password: string) {
  await p.goto('/login');
  await p.getByLabel('E-mail address').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Log in' }).click();
}

test('an operator finds a member, disables and enables the account, mails a reset link; an admin grants credits the member sees', async ({ browser, page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Mirjam', gender: 'female', lookingFor: 'male' });
  const { context: memberContext, p: mp } = await newPage(browser, page);
  await logInAs(mp, baseURL!, m);
  await mp.goto('/credits');
  // What signing up gave (the welcome credits).
  const start = Number((await mp.getByText(/^Your credits: \d+$/).textContent())!.replace(/\D/g, ''));

  // The operator searches by (part of) the e-mail address.
  await logInStaff(page, baseURL!, 'operator', 'members');
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(m.email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('table', { name: 'Members found: 1' });
  await expect(found).toContainText(m.email);
  await expect(found).toContainText(m.name);
  // The domain they signed up on (this run's site).
  await expect(found).toContainText('localhost');
  await expectAccessible(page, 'console members search');
  await shot(page, info, 'console-members-search');
  await found.getByRole('button', { name: `Open member ${m.id} (${m.email})` }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/members/${m.id}$`));
  await expect(page.getByRole('heading', { name: `Member #${m.id}` })).toBeVisible();
  await expect(page.getByText(m.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(m.name, { exact: true })).toBeVisible();
  // Signed up through the API: no login through the form yet.
  await expect(page.getByRole('table', { name: 'Logins (the latest from each address)' })).toContainText('No logins recorded.');
  // Credits are money: not an operator's.
  await expect(page.getByRole('button', { name: 'Grant or take credits' })).toHaveCount(0);
  await expectAccessible(page, 'console member');
  await shot(page, info, 'console-member');

  // Disabled: the member's next request is a visitor's, and logging in is refused.
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const disable = page.getByRole('dialog', { name: 'Disable this account' });
  await disable.getByLabel('Reason (kept in the audit log)').fill('Asked other members for money');
  await expectAccessible(page, 'console disable dialog');
  await shot(page, info, 'console-member-disable');
  await disable.getByRole('button', { name: 'Disable the account' }).click();
  await expect(page.getByText('The account is disabled; the member was logged out.')).toBeVisible();
  await expect(page.getByText(/^disabled since /)).toBeVisible();
  expect((await mp.request.get('/api/user.php', { headers: client })).status()).toBe(403);
  await mp.context().clearCookies();
  await memberLogIn(mp, m.email, m.password);
  await expect(mp.getByRole('alert')).toContainText('This account has been disabled.');

  // Enabled again: the member logs in.
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByText('The account is enabled: the member can log in again.')).toBeVisible();
  await memberLogIn(mp, m.email, m.password);
  await expect(mp).toHaveURL(/\/members$/);

  // A password-reset link, in the member's mailbox; the link works.
  const before = await mailCount(m.email);
  await page.getByRole('button', { name: 'Send a password-reset link' }).click();
  await expect(page.getByText(`A password-reset link was mailed to ${m.email}.`)).toBeVisible();
  const mail = await waitForMail(m.email, { after: before });
  expect(mail.subject).toContain('Choose a new password');
  const link = mailLink(mail, '/reset-password/do');
  const token = new URL(link, baseURL).searchParams.get('token')!;
  expect((await fetch(`${baseURL}/api/reset-password.php?token=${encodeURIComponent(token)}`, { headers: client })).status).toBe(200);
  await shot(page, info, 'console-member-reset');

  // An admin grants 50 credits with a reason; the member sees them.
  const { context: adminContext, p: ap } = await newPage(browser, page);
  await logInStaff(ap, baseURL!, 'admin', 'members');
  await ap.goto(`/operator/members/${m.id}`);
  await expect(ap.getByRole('heading', { name: `Member #${m.id}` })).toBeVisible();
  await expect(ap.getByRole('link', { name: `Payments of member ${m.id}` })).toHaveAttribute('href', `/operator/payments?q=${m.id}`);
  await ap.getByRole('button', { name: 'Grant or take credits' }).click();
  const credits = ap.getByRole('dialog', { name: 'Grant or take credits' });
  await credits.getByLabel('Credits').fill('50');
  await credits.getByLabel('Reason (kept in the audit log)').fill('Goodwill after the outage');
  await expectAccessible(ap, 'console credits dialog');
  await credits.getByRole('button', { name: 'Change the balance' }).click();
  await expect(ap.getByText(`50 credits granted: the balance is ${start + 50}.`)).toBeVisible();
  await expect(ap.getByRole('table', { name: 'Credit ledger' })).toContainText('console: Goodwill after the outage');
  await shot(ap, info, 'console-member-credits');
  await mp.goto('/credits');
  await expect(mp.getByText(`Your credits: ${start + 50}`)).toBeVisible();

  // Each change is in the audit log.
  await ap.getByRole('link', { name: 'Audit log' }).click();
  const rows = ap.getByRole('table', { name: /Changes made in the console/ }).getByRole('row');
  for (const action of ['account.disable', 'account.enable', 'account.reset_link', 'account.credits.grant']) {
    await expect(rows.filter({ hasText: action }).filter({ hasText: `user:${m.id}` })).toHaveCount(1);
  }
  await memberContext.close();
  await adminContext.close();
});
