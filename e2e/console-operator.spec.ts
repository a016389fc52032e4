import { expect, test } from '@playwright/test';
import { logInStaff } from './console-helpers.ts';
import { client, expectAccessible, logInAs, newMember, shot, uniqueEmail, waitForMail } from './helpers.ts';

// The operators' day (issue 22, parts 5 and 6): a member writes to a fictional profile (marked as
// such); the operator finds the conversation waiting in the console's inbox, takes it, reads it and
// answers as the profile, and the member sees the answer live; a complaint made through /complaints
// is answered by mail from the console and closed; the audit log lists the answer and the complaint.
test.describe.configure({ timeout: 180_000 });
// The console is for desktops and tablets: the phone project ignores console journeys (playwright.config.ts).



test('an operator answers a member as a fictional profile, live; a complaint is answered by mail and closed; the audit log lists both', async ({ browser, page, baseURL }, info) => {
  const operator = await logInStaff(page, baseURL!, 'operator', 'inbox');

  // A fictional profile, made through the members plugin's console endpoint.
  const fname = `Fiona${Math.random().toString(36).slice(2, 6)}`;
  const made = await page.request.post('/api/operator/members/fictional', {
    headers: client,
    data: { name: fname, gender: 'female', sexuality: 'hetero', birthdate: '1994-06-12', country: 'GB', region: 'bristol', city: 'Bristol', about: 'Long walks by the harbour.' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const fictional = (await made.json() as { profile: { id: number } }).profile;

  // The member, in a browser of their own: the profile carries the fictional mark before they write.
  const member = await newMember(baseURL!, { name: 'Mark', gender: 'male', lookingFor: 'female' });
  const memberContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const mp = await memberContext.newPage();
  await logInAs(mp, baseURL!, member);
  await mp.goto(`/members/${fictional.id}`);
  await expect(mp.getByRole('heading', { level: 1 }).filter({ hasText: fname })).toBeVisible();
  await expect(mp.locator('[data-fictional="true"]').filter({ hasText: 'fictional profile' }).first()).toBeVisible();
  await expect(mp.getByRole('note').filter({ hasText: `${fname} is a fictional profile` }).first()).toBeVisible();
  await mp.getByRole('link', { name: `Send ${fname} a message` }).click();
  const icebreakers = mp.getByRole('dialog', { name: 'Break the ice' });
  await expect(icebreakers).toBeVisible();
  await mp.keyboard.press('Escape');
  await expect(icebreakers).toBeHidden();
  const question = 'Hi! Do you walk by the harbour on Sundays too?';
  await mp.getByLabel(`Message to ${fname}`).fill(question);
  await mp.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(mp).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(new URL(mp.url()).pathname.split('/').pop());
  const thread = mp.getByRole('list', { name: `Messages with ${fname}` });
  await expect(thread.getByText(question)).toBeVisible();

  // The operator: the conversation waits in the inbox (the list refreshes itself).
  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const waiting = page.getByRole('table', { name: /Conversations waiting for an answer/ });
  const row = waiting.getByRole('row').filter({ hasText: member.name });
  await expect(row).toContainText(fname, { timeout: 15_000 });
  await expect(row).toContainText(question);
  await expect(row).toContainText('nobody');
  await expectAccessible(page, 'console inbox');
  await shot(page, info, 'console-inbox');

  // Takes it, reads the member's profile and the conversation, answers as the profile.
  await row.getByRole('button', { name: `Take the conversation of ${member.name} with ${fname}` }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/inbox/${conversationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${member.name} writes to ${fname}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Member' })).toContainText(/\d+ years, Bristol \(GB\)/);
  await expect(page.getByRole('region', { name: 'Fictional profile' })).toContainText(fname);
  await expect(page.getByRole('list', { name: /Every message of this conversation/ }).getByText(question)).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/You hold this conversation for another [45]:\d\d/);
  await expectAccessible(page, 'console inbox conversation');
  await shot(page, info, 'console-inbox-conversation');
  const reply = 'Every Sunday morning! Coffee at the quay first?';
  await page.getByLabel(`Answer as ${fname}`).fill(reply);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText(`Sent as ${fname}.`)).toBeVisible();
  await expect(page.getByText('This conversation is answered: nothing is waiting.')).toBeVisible();
  await shot(page, info, 'console-inbox-answered');

  // The member sees it live, without reloading, from the profile marked fictional in the header.
  await expect(thread.getByText(reply)).toBeVisible({ timeout: 5000 });
  await expect(mp.getByRole('heading', { level: 1 }).locator('[data-fictional="true"]')).toContainText('fictional profile');
  await shot(mp, info, 'member-fictional-answer');

  // Back in the inbox: nothing of it waits anymore; today's count has the answer.
  await page.getByRole('button', { name: 'Back to the inbox' }).click();
  await expect(waiting.getByRole('row').filter({ hasText: member.name })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Answers per operator today/ }).getByRole('row').filter({ hasText: operator })).toContainText('1');

  // A complaint through the members' form.
  const complainant = uniqueEmail('inbox-complaint');
  await mp.goto('/complaints');
  await mp.getByLabel('Your name').fill('Mark Visser');
  await mp.getByLabel('E-mail address').fill(complainant);
  await mp.getByRole('radio', { name: 'A payment' }).check();
  await mp.getByRole('textbox', { name: 'Your complaint' }).fill('I was charged twice for 150 credits on 3 March, paid by card.');
  await mp.getByRole('button', { name: 'Send complaint' }).click();
  const reference = (await mp.getByTestId('complaint-reference').textContent())!;
  expect(reference).toMatch(/^C\d{4}-\d{6}$/);
  await waitForMail(complainant);

  // The operator answers it by mail from the console, then closes it.
  await page.getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await expectAccessible(page, 'console complaints');
  await shot(page, info, 'console-complaints');
  await page.getByRole('button', { name: `Open complaint ${reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Complaint ${reference}` })).toBeVisible();
  await expect(page.getByText('I was charged twice for 150 credits on 3 March, paid by card.')).toBeVisible();
  const answer = 'We are sorry: the second payment has been refunded to your card.\n\nIt shows on your statement within five working days.';
  await page.getByLabel(`Answer to ${complainant}`).fill(answer);
  await expectAccessible(page, 'console complaint');
  await page.getByRole('button', { name: 'Send answer by e-mail' }).click();
  await expect(page.getByText(`The answer was sent to ${complainant}; the complaint is marked answered.`)).toBeVisible();
  const mail = await waitForMail(complainant, { after: 1 });
  expect(mail.subject).toBe(`Our answer to your complaint (${reference})`);
  expect(mail.text).toContain('the second payment has been refunded to your card.');
  expect(mail.text).toContain('It shows on your statement within five working days.');
  await page.getByRole('button', { name: 'Close complaint' }).click();
  await expect(page.getByText('The complaint is closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open again' })).toBeVisible();
  await shot(page, info, 'console-complaint-closed');

  // The audit log (admins): the answer as the profile, the complaint's answer and its closing.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const ap = await adminContext.newPage();
  await logInStaff(ap, baseURL!, 'admin', 'inbox');
  await ap.getByRole('link', { name: 'Audit log' }).click();
  const rows = ap.getByRole('table', { name: /Changes made in the console/ }).getByRole('row');
  await expect(rows.filter({ hasText: 'chat.answer' }).filter({ hasText: `conversation:${conversationId}` }).filter({ hasText: operator })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'complaints.answer' }).filter({ hasText: reference })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'complaints.close' }).filter({ hasText: reference })).toHaveCount(1);
  await shot(ap, info, 'console-audit-operator');
  await adminContext.close();
  await memberContext.close();
});
