import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, logInAs, mailCount, mailLink, newMember, shot, waitForMail } from './helpers.ts';
import { readZip } from '../plugins/data-export/server/read-zip.ts';

test('a member asks for a copy of their data in the settings, gets the mail and downloads it after logging in from its link', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Export' });
  await logInAs(page, baseURL!, m);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('the copy can be downloaded for 24 hours');
  const before = await mailCount(m.email);
  await section.getByRole('button', { name: 'Request a copy of my data' }).click();
  await expect(section.getByRole('status')).toContainText('Thank you! We are putting your copy together and will e-mail you a link.');
  // One a day: nothing more to ask for now.
  await expect(section.getByRole('button', { name: 'Request a copy of my data' })).toHaveCount(0);
  await shot(page, info, 'data-export-requested');
  await expectAccessible(page, 'settings with the data export');

  // The job made it: the section says so by itself, and the mail came.
  await expect(section.getByRole('link', { name: 'Download my data (ZIP)' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('status')).toContainText('Your copy is ready');
  await expect(section.getByRole('status')).toContainText('You can request your next copy on');
  const mail = await waitForMail(m.email, { after: before });
  expect(mail.subject).toBe('Your data from FlirtHaven is ready');
  expect(mail.text).toContain('The link works for 24 hours');
  const link = mailLink(mail, '/data-export');
  expect(link).toBe('/data-export');

  // From the mail on a logged-out browser: log in first, then the copy is there.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdata-export$/);
  await page.getByLabel('E-mail address').fill(m.email);
  await page.getByLabel('Password').fill(m.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/data-export$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download my data (ZIP)' });
  await expect(download).toBeVisible();
  await shot(page, info, 'data-export-ready');
  await expectAccessible(page, 'the data export page');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^flirthaven-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = readZip(fs.readFileSync(await file.path()));
  expect([...files.keys()]).toEqual(expect.arrayContaining(['README.txt', 'README.json', 'account.json', 'profile.json', 'messages.json', 'likes.json', 'credits.json', 'payments.json']));
  expect(JSON.parse(files.get('account.json')!.toString('utf8')).account.email).toBe(m.email);
  expect(JSON.parse(files.get('profile.json')!.toString('utf8')).profile.name).toBe(m.name);
  expect(files.get('README.txt')!.toString('utf8')).toMatch(/^Your data at FlirtHaven/);
});
