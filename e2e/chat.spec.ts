import { expect, test } from '@playwright/test';
import { expectAccessible, logInAs, newMember, photoFile, setCredits, shot } from './helpers.ts';

// Two members, each signed up and activated through real mail, in two browser contexts.
test.describe.configure({ timeout: 150_000 });

test('two members chat live: icebreaker, typing, unread badge and title, gift and photo', async ({ browser, page, baseURL }, info) => {
  const anna = await newMember(baseURL!, { name: 'Anna', gender: 'female', lookingFor: 'male' });
  const ben = await newMember(baseURL!, { name: 'Ben', gender: 'male', lookingFor: 'female' });
  await setCredits(baseURL!, anna, 200, true);
  await logInAs(page, baseURL!, anna);

  const benContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const benPage = await benContext.newPage();
  await logInAs(benPage, baseURL!, ben);
  await benPage.goto('/members');
  await expect(benPage.getByRole('link', { name: /Messages/ })).toBeVisible();

  // Anna starts from Ben's profile; the icebreakers open for a first conversation.
  await page.goto(`/members/${ben.id}`);
  await page.getByRole('link', { name: `Send ${ben.name} a message` }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${ben.id}/chat$`));
  const icebreakers = page.getByRole('dialog', { name: 'Break the ice' });
  await expect(icebreakers).toBeVisible();
  await shot(page, info, 'chat-icebreaker');
  await icebreakers.getByRole('button', { name: /pizza or sushi/ }).click();
  await expect(icebreakers).toBeHidden();
  const box = page.getByLabel(`Message to ${ben.name}`);
  await expect(box).toHaveValue(/pizza or sushi\?$/);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // The first message makes the conversation: its address becomes /chats/{id}.
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const messages = page.getByRole('list', { name: `Messages with ${ben.name}` });
  await expect(messages.getByText(/pizza or sushi\?/)).toBeVisible();
  await expect(page.getByText('Your credits: 195')).toBeVisible();

  // Ben, without reloading: badge, title and the list show it.
  await expect(benPage.getByRole('link', { name: /Messages/ })).toContainText('1', { timeout: 3000 });
  await expect(benPage).toHaveTitle(/^\(1\) /);
  await benPage.getByRole('link', { name: /Messages/ }).click();
  const entry = benPage.getByRole('listitem').filter({ hasText: anna.name });
  await expect(entry.getByRole('img', { name: 'Unread messages: 1' })).toBeVisible();
  await shot(benPage, info, 'chats-list-unread');
  await expectAccessible(benPage, 'chats list');
  await entry.getByRole('link').click();
  await expect(benPage.getByText(/pizza or sushi\?/)).toBeVisible();
  await expect(benPage).not.toHaveTitle(/^\(\d+\) /);
  // Anna sees that Ben read it.
  await expect(page.getByText('Read', { exact: false }).last()).toBeVisible();

  // Ben types: Anna sees it; Ben's answer arrives within a second.
  await benPage.getByLabel(`Message to ${anna.name}`).pressSequentially('Sushi, obviously', { delay: 30 });
  await expect(page.getByText(`${ben.name} is typing…`)).toBeVisible();
  await shot(page, info, 'chat-typing');
  await benPage.getByLabel(`Message to ${anna.name}`).press('Enter');
  await expect(messages.getByText('Sushi, obviously')).toBeVisible({ timeout: 1000 });
  await expect(page.getByText(`${ben.name} is typing…`)).toBeHidden();
  await expect(benPage.getByText('Free messages left: 2')).toBeVisible();

  // A gift, picked from the catalogue and confirmed.
  await page.getByRole('button', { name: 'Send a gift' }).click();
  const catalogue = page.getByRole('group', { name: `Gifts for ${ben.name}` });
  await expect(catalogue.getByRole('listitem')).toHaveCount(10);
  await shot(page, info, 'chat-gifts');
  await catalogue.getByRole('button', { name: /Rose/ }).click();
  await page.getByRole('button', { name: 'Send Rose (20 credits)' }).click();
  await expect(benPage.getByText('Gift: Rose')).toBeVisible({ timeout: 1000 });

  // A photo (premium members).
  await page.getByLabel('Send a photo').setInputFiles(await photoFile('hello.jpg', '#00b300'));
  await expect(benPage.getByRole('img', { name: 'Photo in the chat' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByText('Your credits: 165')).toBeVisible();
  await shot(benPage, info, 'chat-conversation');
  await expectAccessible(benPage, 'conversation');
  await benContext.close();
});

test('a free member hits the conversation limit and runs out of credits; deleting a conversation', async ({ page, baseURL }, info) => {
  const free = await newMember(baseURL!, { name: 'Frida', gender: 'female', lookingFor: 'male' });
  const others = await Promise.all(['Carl', 'Dan', 'Erik'].map((name) => newMember(baseURL!, { name })));
  await setCredits(baseURL!, free, 0);
  await logInAs(page, baseURL!, free);

  const write = async (to: { id: number; name: string }, text: string) => {
    await page.goto(`/members/${to.id}/chat`);
    await page.getByRole('dialog', { name: 'Break the ice' }).getByRole('button', { name: 'Close' }).click();
    await page.getByLabel(`Message to ${to.name}`).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
  };
  await write(others[0], 'Hi Carl!');
  await write(others[1], 'Hi Dan!');
  // The third conversation is for premium members.
  await page.goto(`/members/${others[2].id}/chat`);
  const limit = page.getByRole('status').filter({ hasText: 'Free members can start up to 2 conversations' });
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('link', { name: 'Get premium' })).toHaveAttribute('href', '/premium');
  await expect(page.getByLabel(`Message to ${others[2].name}`)).toHaveCount(0);
  await shot(page, info, 'chat-conversation-limit');

  // One free message is left; after it, credits are needed.
  await page.goto('/chats');
  await page.getByRole('listitem').filter({ hasText: others[1].name }).getByRole('link').click();
  await expect(page.getByText('Free messages left: 1')).toBeVisible();
  const box = page.getByLabel(`Message to ${others[1].name}`);
  await box.fill('One more thing…');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: /Messages with/ }).getByText('One more thing…')).toBeVisible();
  await box.fill('And another');
  await box.press('Enter');
  const broke = page.getByRole('alert').filter({ hasText: 'Not enough credits to send a message (buy credits).' });
  await expect(broke).toBeVisible();
  await expect(broke.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
  await expect(box).toHaveValue('And another'); // nothing typed is lost
  await shot(page, info, 'chat-no-credits');
  await expectAccessible(page, 'conversation without credits');

  // Deleting: gone at once, and still gone after a reload.
  await page.goto('/chats');
  const carl = page.getByRole('listitem').filter({ hasText: others[0].name });
  await expect(carl).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await carl.getByRole('button', { name: `Delete the conversation with ${others[0].name}` }).click();
  await expect(carl).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: others[1].name })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: others[0].name })).toHaveCount(0);
});
