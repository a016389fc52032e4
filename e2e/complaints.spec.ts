import { expect, test } from '@playwright/test';
import { expectAccessible, shot, uniqueEmail, waitForMail } from './helpers.ts';

// /complaints: the form says what is missing in the reader's language, then stores the complaint
// and shows its reference number, which the acknowledgement mail repeats.
test('a visitor makes a complaint: errors first, then the reference number, and the mail arrives', async ({ page }, info) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Complaints' }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();

  await page.getByRole('button', { name: 'Send complaint' }).click();
  const form = page.getByRole('form', { name: 'Complaint form' });
  await expect(form.getByRole('alert')).toHaveText([
    'Enter your name.', 'Enter a valid e-mail address, for example name@example.com.',
    'Choose what your complaint is about.', 'Describe your complaint in at least 20 characters.',
  ]);
  await expect(page.getByLabel('Your name')).toBeFocused();
  await shot(page, info, 'complaints-errors');
  await expectAccessible(page, 'complaints form with errors');

  const email = uniqueEmail('complaint');
  await page.getByLabel('Your name').fill('Eva Jansen');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('radio', { name: 'A payment' }).check();
  await expect(page.getByText(/Mention the date, the amount and the payment method\./)).toBeVisible();
  await page.getByRole('textbox', { name: 'Your complaint' }).fill('I was charged twice for 150 credits on 3 March, paid by card.');
  await page.getByRole('button', { name: 'Send complaint' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you, we have received your complaint' })).toBeFocused();
  const reference = (await page.getByTestId('complaint-reference').textContent())!;
  expect(reference).toMatch(/^C\d{4}-\d{6}$/);
  await expect(page.getByText(`We have sent a confirmation to ${email}.`, { exact: false })).toBeVisible();
  await shot(page, info, 'complaints-sent');
  await expectAccessible(page, 'complaint sent');

  const mail = await waitForMail(email);
  expect(mail.subject).toBe(`We have received your complaint (${reference})`);
  expect(mail.text).toContain(`We have registered your complaint about a payment under reference number ${reference}.`);
  expect(mail.text).not.toContain('charged twice');
});

test('the old complaints address leads to the form; the form speaks the reader\'s language', async ({ page }, info) => {
  await page.goto('/pages/complaints');
  await expect(page).toHaveURL(/\/complaints$/);
  await page.getByLabel('Language', { exact: true }).selectOption('pl');
  await expect(page.getByRole('heading', { level: 1, name: 'Reklamacje' })).toBeVisible();
  await page.getByRole('button', { name: 'Wyślij reklamację' }).click();
  await expect(page.getByRole('form', { name: 'Formularz reklamacji' }).getByRole('alert').first()).toHaveText('Podaj swoje imię.');
  await shot(page, info, 'complaints-errors-pl');
});
