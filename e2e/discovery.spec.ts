import { expect, test } from '@playwright/test';
import { expectAccessible, logInAs, newMember, photoFile, shot } from './helpers.ts';

// Journeys with two members (each signed up and activated through real mail) take a while.
test.describe.configure({ timeout: 120_000 });

test('a member edits the profile, uploads photos, picks the main one and hits the free photo limit', async ({ page, baseURL }, info) => {
  const me = await newMember(baseURL!, { name: 'Edit' });
  await logInAs(page, baseURL!, me);
  await page.goto('/members');
  // No photo yet: the profile-photo alert leads to the profile page.
  const alert = page.getByRole('status').filter({ hasText: 'Add a photo to your profile' });
  await expect(alert).toBeVisible();
  await shot(page, info, 'profile-photo-alert');
  await alert.getByRole('link', { name: 'Add a photo' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByText('Add a photo to your profile')).toHaveCount(0);

  await page.getByLabel('Username').fill('@' + me.name);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username may not start with @' })).toBeVisible();
  await page.getByLabel('Username').fill(me.name);
  await page.getByLabel('Hair colour').selectOption({ label: 'Red' });
  await page.getByLabel('Relationship status').selectOption({ label: 'Divorced' });
  await page.getByLabel('Country').selectOption({ label: 'Netherlands' });
  await page.getByLabel('Province').selectOption({ label: 'Utrecht' });
  await page.getByLabel('City').fill('Utrecht');
  await page.getByRole('checkbox', { name: 'Sushi' }).check();
  await page.getByRole('checkbox', { name: 'Hiking' }).check();
  await page.getByLabel('About me').fill('Weekend hikes and sushi on Sundays.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const upload = page.getByLabel('Add photos');
  await upload.setInputFiles([await photoFile('one.jpg', '#c235c1'), await photoFile('two.jpg', '#ffa800')]);
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Main photo', { exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Make photo 2 the main photo' }).click();
  await expect(page.getByText('Main photo changed.')).toBeVisible();
  await upload.setInputFiles([await photoFile('three.jpg', '#00b300')]);
  await expect(page.getByText('3 of 3 photos.')).toBeVisible();
  await upload.setInputFiles([await photoFile('four.jpg', '#733675')]);
  await expect(page.getByRole('alert').filter({ hasText: 'Free photo limit reached.' })).toBeVisible();
  await shot(page, info, 'profile-edit');
  await expectAccessible(page, 'profile edit');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete photo 3' }).click();
  await expect(page.getByText('2 of 3 photos.')).toBeVisible();

  // As others see it: the saved attributes and interests.
  await page.getByRole('link', { name: 'See my profile as others see it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(me.name) })).toBeVisible();
  await expect(page.getByText('Utrecht, Utrecht, Netherlands')).toBeVisible();
  await expect(page.getByText('Divorced')).toBeVisible();
  await expect(page.getByText('Weekend hikes and sushi on Sundays.')).toBeVisible();
});

test('two members like each other from search and profile, both see the match; the new flag clears on opening', async ({ page, browser, baseURL }, info) => {
  const anna = await newMember(baseURL!, { name: 'Anna', gender: 'female', lookingFor: 'male' });
  const ben = await newMember(baseURL!, { name: 'Ben', gender: 'male', lookingFor: 'female' });
  await logInAs(page, baseURL!, anna);
  // Like from search: the heart on Ben's card.
  await page.goto('/members?country=GB&countryregion=bristol&gender=male');
  await page.getByRole('button', { name: `Like ${ben.name}` }).click();
  await expect(page.getByText(`You liked ${ben.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Take back your like for ${ben.name}` })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, info, 'search-liked');

  const benPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await logInAs(benPage, baseURL!, ben);
  await benPage.goto('/likes');
  const nav = benPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Likes/ })).toContainText('1');
  await expect(benPage).toHaveTitle(/^\(1\) /);
  const received = benPage.getByRole('list', { name: 'Received' });
  await expect(received.getByText('New')).toBeVisible();
  await shot(benPage, info, 'likes-received');
  await expectAccessible(benPage, 'likes');
  await received.getByRole('link', { name: new RegExp(anna.name) }).click();
  await expect(benPage).toHaveURL(new RegExp(`/likes/m/${anna.id}$`));
  // Opening the liker's profile clears the new flag (badge and title follow).
  await expect(nav.getByRole('link', { name: /Likes/ })).not.toContainText('1');
  await benPage.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(benPage.getByText(`It's a match! ${anna.name} likes you too.`)).toBeVisible();
  await shot(benPage, info, 'profile-liked');
  await benPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Likes/ }).click();
  await benPage.getByRole('link', { name: 'Matches' }).click();
  await expect(benPage.getByRole('list', { name: 'Matches' }).getByRole('link', { name: new RegExp(anna.name) })).toBeVisible();

  await page.goto('/likes/matches');
  await expect(page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: new RegExp(ben.name) })).toBeVisible();
  await page.getByRole('link', { name: 'Sent' }).click();
  await expect(page.getByRole('list', { name: 'Sent' }).getByRole('link', { name: new RegExp(ben.name) })).toBeVisible();
  await shot(page, info, 'likes-matches');
  await benPage.context().close();
});

test('a blocked member can neither see nor like the blocker; unblocking restores access', async ({ page, browser, baseURL }, info) => {
  const cleo = await newMember(baseURL!, { name: 'Cleo', gender: 'female' });
  const dan = await newMember(baseURL!, { name: 'Dan' });
  await logInAs(page, baseURL!, cleo);
  await page.goto(`/members/${dan.id}`);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`You blocked ${dan.name}.`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `You have blocked ${dan.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);

  const danPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage();
  await logInAs(danPage, baseURL!, dan);
  await danPage.goto(`/members/${cleo.id}`);
  await expect(danPage.getByRole('alert')).toHaveText(`Blocked by ${cleo.name}: no access.`);
  await shot(danPage, info, 'blocked');
  await expectAccessible(danPage, 'blocked profile');

  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText(`You unblocked ${dan.name}.`)).toBeVisible();
  await danPage.reload();
  await expect(danPage.getByRole('heading', { level: 1, name: new RegExp(cleo.name) })).toBeVisible();
  // Reporting: a reason is required, then support gets it.
  await danPage.getByRole('button', { name: 'Report' }).click();
  const dialog = danPage.getByRole('dialog', { name: `Report ${cleo.name}` });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for your report.');
  await dialog.getByLabel('Fake profile').check();
  await dialog.getByLabel('What happened? (optional)').fill('Photos from a stock site');
  await shot(danPage, info, 'report');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(danPage.getByText('Thank you. Our support team will look at this profile.')).toBeVisible();
  await danPage.context().close();
});

test('the swipe game: like and pass by button, key and drag; the fifth like of the day is refused', async ({ page, baseURL }, info) => {
  const me = await newMember(baseURL!, { name: 'Swipe' });
  await logInAs(page, baseURL!, me);
  await page.goto('/swipe-game');
  await expect(page.getByRole('heading', { level: 1, name: 'Swipe game' })).toBeVisible();
  await expect(page.getByText('4 of 4 likes left today')).toBeVisible();
  await shot(page, info, 'swipe-game');
  await expectAccessible(page, 'swipe game');
  const card = page.getByRole('group');
  const name = async () => (await card.getAttribute('aria-label'))!.split(',')[0];

  // Each decision brings the next card: wait for it before acting on it.
  const passed = await name();
  await page.getByRole('button', { name: `Pass on ${passed}` }).click();
  await expect(card).not.toHaveAttribute('aria-label', new RegExp(`^${passed},`));
  await page.getByRole('button', { name: `Like ${await name()}` }).click();
  await expect(page.getByText('3 of 4 likes left today')).toBeVisible();
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('2 of 4 likes left today')).toBeVisible();
  const skipped = await name();
  await page.keyboard.press('ArrowLeft');
  await expect(card).not.toHaveAttribute('aria-label', new RegExp(`^${skipped},`));
  // Drag the card to the right with the mouse (touch works the same through pointer events).
  const box = (await card.boundingBox())!;
  const before = await name();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 180, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText('1 of 4 likes left today')).toBeVisible();
  expect(await name()).not.toBe(before);
  await page.getByRole('button', { name: `Like ${await name()}` }).click();
  await expect(page.getByText('0 of 4 likes left today')).toBeVisible();
  await page.getByRole('button', { name: `Like ${await name()}` }).click();
  await expect(page.getByRole('alert')).toContainText("You have used today's 4 likes.");
  await shot(page, info, 'swipe-limit');
  await page.goto('/likes/sent');
  await expect(page.getByRole('list', { name: 'Sent' }).getByRole('listitem')).toHaveCount(4);
});

test('the new-like modal appears after t seconds, leaves the address clean and opens the liker', async ({ page, baseURL }, info) => {
  const me = await newMember(baseURL!, { name: 'Tee' });
  await logInAs(page, baseURL!, me);
  await page.goto('/members?t=1');
  const modal = page.getByRole('dialog', { name: 'New like!' });
  await expect(modal).toBeVisible({ timeout: 8000 });
  await expect(page).not.toHaveURL(/[?&]t=/);
  await shot(page, info, 'new-like-modal');
  await expectAccessible(page, 'new-like modal');
  const button = modal.getByRole('button', { name: /See .+'s profile/ });
  const liker = (await button.textContent())!.replace(/^See (.+)'s profile$/, '$1');
  // Likes reload shortly after: the like is there, new.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Likes/ })).toContainText('1');
  await button.click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(liker) })).toBeVisible();
});

test('free members see other photos blurred with a lock; the originals are not reachable', async ({ page, baseURL }, info) => {
  const me = await newMember(baseURL!, { name: 'Free' });
  await logInAs(page, baseURL!, me);
  // Demo members with an odd number have two photos.
  const res = await page.request.get('/api/members.php?country=NO'); // demo members only
  const ids = ((await res.json()).profiles as { id: number }[]).map((p) => p.id);
  let url = '';
  for (const id of ids) {
    const p = (await (await page.request.get(`/api/member.php?id=${id}`)).json()).profile;
    if (p.images.length > 1) { url = `/members/${id}`; break; }
  }
  expect(url).not.toBe('');
  await page.goto(url);
  await expect(page.getByText('Only premium members see this photo')).toBeVisible();
  const big = page.getByRole('img', { name: /^Blurred photo of/ });
  await expect(big).toHaveAttribute('src', /-blur\.jpg\?e=\d+&s=/);
  await page.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(big).toHaveAttribute('src', /-blur\.jpg/);
  await expect(page.getByText('2 photos are blurred for you.')).toBeVisible();
  await shot(page, info, 'profile-blurred');
  const src = (await big.getAttribute('src'))!;
  for (const guess of [src.replace('-blur.jpg', '-full.jpg'), src.split('?')[0].replace('-blur.jpg', '-full.jpg')]) {
    expect((await page.request.get(guess)).status()).toBe(403);
  }
  const html = await (await page.request.get(url)).text();
  expect(html).not.toMatch(/-full\.jpg/);
});

test('the match finder asks four questions and shows fitting members; invisible mode in settings', async ({ page, baseURL }, info) => {
  const me = await newMember(baseURL!, { name: 'Finder' });
  await logInAs(page, baseURL!, me);
  await page.goto('/match-finder');
  await expect(page.getByRole('heading', { level: 1, name: 'Match finder' })).toBeVisible();
  await page.getByText('Women', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('From age').selectOption('25');
  await page.getByLabel('To age').selectOption('60');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Anywhere').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Travelling' }).check();
  await page.getByRole('checkbox', { name: 'Coffee' }).check();
  await shot(page, info, 'match-finder');
  await expectAccessible(page, 'match finder');
  await page.getByRole('button', { name: 'Show my matches' }).click();
  await expect(page.getByRole('heading', { name: 'Your matches' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Matching members' }).getByRole('listitem').first()).toBeVisible();
  await shot(page, info, 'match-finder-results');

  await page.goto('/settings');
  await page.getByLabel('Make me invisible').check();
  await expect(page.getByText('You are invisible now.')).toBeVisible();
  const other = await newMember(baseURL!, { name: 'Seeker', gender: 'female', lookingFor: 'male' });
  const found = await (await fetch(`${baseURL}/api/members.php?country=GB&countryregion=bristol`, { headers: { cookie: other.cookie } })).json();
  expect(found.profiles.map((p: { id: number }) => p.id)).not.toContain(me.id);
  await page.reload();
  await expect(page.getByLabel('Make me invisible')).toBeChecked();
});
