import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInStaff } from './console-helpers.ts';
import { client, expectAccessible, logInAs, newMember, photoFile, shot } from './helpers.ts';

// The console's moderation (issue 22, parts 5 and 6, the browser half): a member reports another
// through the profile page; an operator claims the report in the queue, decides it with a note and
// sees it closed; reviews a member's uploaded photo and hides it; makes a fictional profile with a
// photo, which a member then finds marked with the domain's icon and wording; an admin finds every
// change in the audit log.
test.describe.configure({ timeout: 180_000 });
// The console is for desktops and tablets: the phone project ignores console journeys (playwright.config.ts).

const NL = { country: 'NL', region: 'gelderland', city: 'Arnhem' };


async function memberPage(browser: Browser, page: Page, baseURL: string, m: Parameters<typeof logInAs>[2]) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const mp = await context.newPage();
  await logInAs(mp, baseURL, m);
  return { context, mp };
}

test('an operator decides a report, hides a photo and makes a fictional profile members see marked; the audit log lists it all', async ({ browser, page, baseURL }, info) => {
  // A member reports another through the profile page.
  const bert = await newMember(baseURL!, { name: 'Bert', gender: 'male', lookingFor: 'female', place: NL });
  const anna = await newMember(baseURL!, { name: 'Anna', gender: 'female', lookingFor: 'male', place: NL });
  const { context: annaContext, mp } = await memberPage(browser, page, baseURL!, anna);
  await mp.goto(`/members/${bert.id}`);
  await expect(mp.getByRole('heading', { level: 1 }).filter({ hasText: bert.name })).toBeVisible();
  await mp.getByRole('button', { name: 'Report' }).click();
  const reportDialog = mp.getByRole('dialog', { name: `Report ${bert.name}` });
  await reportDialog.getByLabel('Scam or asks for money').check();
  await reportDialog.getByLabel('What happened? (optional)').fill('Asked me to send money for a train ticket');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(mp.getByText('Thank you. Our support team will look at this profile.')).toBeVisible();

  // The operator claims it in the queue and decides it with a note.
  const operator = await logInStaff(page, baseURL!, 'operator', 'moderation');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByLabel('Member id').fill(String(bert.id));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const open = page.getByRole('table', { name: 'Open reports, oldest first' });
  const row = open.getByRole('row').filter({ hasText: 'Asked me to send money for a train ticket' });
  await expect(row).toContainText(anna.email);
  await expect(row).toContainText('Scam or asks for money');
  await expect(row).toContainText('Waiting');
  await row.getByRole('button', { name: new RegExp(`^Claim report \\d+ about ${bert.name}$`) }).click();
  await expect(row).toContainText('Claimed by you until');
  await expectAccessible(page, 'console reports');
  await shot(page, info, 'console-reports');
  await row.getByRole('button', { name: new RegExp(`^Decide report \\d+ about ${bert.name}$`) }).click();
  const decide = page.getByRole('dialog', { name: `Decide the report about ${bert.name}` });
  await decide.getByLabel('Decision').selectOption('warned');
  await decide.getByLabel('Note').fill('Warned by mail: no money requests.');
  await expectAccessible(page, 'console report decision');
  await shot(page, info, 'console-report-decide');
  await decide.getByRole('button', { name: 'Decide and close' }).click();
  await expect(page.getByRole('status').filter({ hasText: `about ${bert.name} is closed: Member warned.` })).toBeVisible();
  await page.getByLabel('Queue').selectOption('closed');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const closed = page.getByRole('table', { name: 'Closed reports, newest first' }).getByRole('row').filter({ hasText: 'train ticket' });
  await expect(closed).toContainText(`Closed by ${operator}`);
  await expect(closed).toContainText('Member warned');
  await expect(closed).toContainText('Note: Warned by mail: no money requests.');

  // Bert uploads a photo; the operator reviews it and hides it.
  const { buffer } = await photoFile('bert.jpg', '#3a6ea5');
  const uploaded = await fetch(`${baseURL}/api/photos.php`, { method: 'POST', headers: { 'x-request-type': 'client', 'content-type': 'image/jpeg', cookie: bert.cookie }, body: buffer });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const photoId = ((await uploaded.json()) as { profile: { images: { id: number }[] } }).profile.images[0]!.id;
  await page.getByRole('link', { name: 'Photo review' }).click();
  await expect(page.getByRole('heading', { name: 'Photo review', level: 1 })).toBeVisible();
  await page.getByLabel('Member id').fill(String(bert.id));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const photos = page.getByRole('list', { name: 'Photos waiting for review' });
  const card = photos.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${bert.name}, photo ${photoId}` }) });
  const thumb = card.getByRole('img', { name: `Photo ${photoId} of ${bert.name}` });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await card.getByRole('button', { name: `Claim photo ${photoId} of ${bert.name}` }).click();
  await expect(card).toContainText('Claimed by you until');
  await expectAccessible(page, 'console photos');
  await shot(page, info, 'console-photos');
  await card.getByRole('button', { name: `Decide photo ${photoId} of ${bert.name}` }).click();
  const review = page.getByRole('dialog', { name: `Review photo ${photoId} of ${bert.name}` });
  await review.getByLabel('Note').fill('Not a portrait.');
  await review.getByRole('button', { name: 'Hide photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Photo ${photoId} of ${bert.name} is hidden.` })).toBeVisible();
  await expect(card).toContainText(`Closed by ${operator}`);
  await expect(card.getByRole('button', { name: `Show photo ${photoId} of ${bert.name} again` })).toBeVisible();
  // Anna no longer sees it on Bert's page.
  const seen = await (await fetch(`${baseURL}/api/member.php?id=${bert.id}`, { headers: { ...client, cookie: anna.cookie } })).json() as { profile: { images: { id: number }[] } };
  expect(seen.profile.images.map((i) => i.id)).not.toContain(photoId);

  // A fictional profile with a photo, made in the console.
  const fname = `Lotte${Math.random().toString(36).slice(2, 6)}`;
  await page.getByRole('link', { name: 'Fictional profiles' }).click();
  await page.getByRole('button', { name: 'New profile…' }).click();
  const form = page.getByRole('dialog', { name: 'New fictional profile' });
  await form.getByLabel('Name', { exact: true }).fill(fname);
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Orientation').selectOption('hetero');
  await form.getByLabel('Birth date').fill('1993-04-17');
  await form.getByLabel('Country').fill('nl');
  await form.getByLabel('Region').fill('gelderland');
  await form.getByLabel('Town').fill('Arnhem');
  await form.getByLabel('About').fill('Coffee in the morning, long walks along the Rhine.');
  await form.getByLabel('Hair colour').selectOption('blonde');
  await form.getByLabel('Looking for').selectOption('chat');
  await form.getByLabel(/Coffee/).check();
  await form.getByLabel(/Hiking/).check();
  await expectAccessible(page, 'console new fictional profile');
  await shot(page, info, 'console-fictional-new');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${fname} is created.` })).toBeVisible();
  const upload = page.getByRole('dialog', { name: `Add a photo to ${fname}` });
  await upload.getByLabel('Photo file').setInputFiles(await photoFile('lotte.jpg', '#c2357a'));
  await upload.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Photo added to ${fname} (1 photo).` })).toBeVisible();
  const fictionalRow = page.getByRole('table', { name: /fictional profiles?, newest first/ }).getByRole('row').filter({ hasText: fname });
  await expect(fictionalRow.getByRole('img', { name: `Main photo of ${fname}` })).toBeVisible();
  await expect(fictionalRow).toContainText('Female, Heterosexual');
  const fictionalId = Number(/#(\d+)/.exec((await fictionalRow.textContent())!)![1]);
  await expectAccessible(page, 'console fictional profiles');
  await shot(page, info, 'console-fictional');

  // A member finds it marked with the domain's icon and wording (localhost: ❤ "fictional profile").
  const { context: markContext, mp: bp } = await memberPage(browser, page, baseURL!, bert);
  await bp.goto(`/members/${fictionalId}`);
  await expect(bp.getByRole('heading', { level: 1 }).filter({ hasText: fname })).toBeVisible();
  const badge = bp.locator('[data-fictional="true"]').first();
  await expect(badge).toHaveText('❤ fictional profile');
  await expect(bp.getByText(`${fname} is a fictional profile`).first()).toBeVisible();
  await shot(bp, info, 'member-fictional-mark');
  await markContext.close();
  await annaContext.close();

  // The audit log (admins) lists each change.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const ap = await adminContext.newPage();
  await logInStaff(ap, baseURL!, 'admin', 'moderation');
  await ap.getByRole('link', { name: 'Audit log' }).click();
  await ap.getByLabel('Who (e-mail)').fill(operator);
  await ap.getByRole('button', { name: 'Search' }).click();
  const rows = ap.getByRole('table', { name: /Changes made in the console/ }).getByRole('row');
  await expect(rows.filter({ hasText: 'members.report.decide' }).filter({ hasText: 'Warned by mail' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'members.report.claim' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'members.photo.decide' }).filter({ hasText: `photo:${photoId}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'members.fictional.create' }).filter({ hasText: fname })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'members.fictional.photo' }).filter({ hasText: `member:${fictionalId}` })).toHaveCount(1);
  await shot(ap, info, 'console-moderation-audit');
  await adminContext.close();
});
