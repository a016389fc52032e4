import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { client, expectAccessible, shot, uniqueEmail, useCanonicalOrigin } from './helpers.ts';
import { expectHydratesAsRendered, expectWorksWithoutJs } from './landers-helpers.ts';

// The geo landers (alonetonight, iconslanding, maplanding) and the profile landers
// (/members/{id}/landing, landing2, landing3, signup), on the desktop and the phone: accessible,
// hydrated exactly as the server rendered them, working without JavaScript; the icons lander's
// picks go into the new profile; a profile lander's signup ends on the conversation with that member.

type Tree = { [k: string]: string | Tree };
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
const landers = read('plugins/landers/locales/en.json');
const signupTexts = read('plugins/signup/locales/en.json');
const en = (key: string, params: Record<string, string | number> = {}, tree = landers) =>
  (key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
const s = (key: string) => en(key, {}, signupTexts);

// The hand-off link after a signup points at the site's canonical origin: this run's.
useCanonicalOrigin();

/** The signup widget's dialog (its shadow root is open: role queries reach into it). */
const signupDialog = (page: Page) => page.getByRole('dialog', { name: s('modalTitle') });
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
/** Every picture loaded (lazy ones too), for a full-page screenshot as a visitor who scrolled would see it. */
async function loadAllImages(page: Page) {
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => { (img as HTMLImageElement).loading = 'eager'; }));
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

/** Members a visitor may be shown (the swipe deck's endpoint): id and name. */
async function listedMembers(baseURL: string): Promise<{ id: number; name: string }[]> {
  const res = await fetch(`${baseURL}/api/lander-cards.php`, { headers: client });
  return ((await res.json()) as { cards: { id: number; name: string }[] }).cards;
}

/** Fills the signup steps in the dialog (or inline panel) and creates the account. */
async function signUp(d: Locator, email: string) {
  const next = () => d.getByRole('button', { name: s('next') }).click();
  await d.getByRole('radio', { name: s('you.male'), exact: true }).check();
  await d.getByRole('checkbox', { name: s('you.women'), exact: true }).check();
  await next();
  await d.getByLabel(s('birthday.day')).selectOption('12');
  await d.getByLabel(s('birthday.month')).selectOption('04');
  await d.getByLabel(s('birthday.year')).selectOption('1990');
  await next();
  await d.getByLabel(s('location.country')).selectOption({ label: 'United Kingdom' });
  await d.getByLabel('County').selectOption({ label: 'Devon' });
  await next();
  await d.getByLabel(s('account.name')).fill(`Lander${Math.random().toString(36).slice(2, 7)}`);
  await d.getByLabel(s('account.email')).fill(email);
  await d.getByLabel(s('account.password'), { exact: true }).fill('long-enough-1');
  await next();
  await expect(d.getByRole('heading', { name: s('message.title') })).toBeVisible();
  await d.getByRole('button', { name: s('submit') }).click();
}

for (const name of ['alonetonight', 'iconslanding', 'maplanding'] as const) {
  test(`${name}: accessible, hydrates as rendered, works without JavaScript, a tap opens the signup dialog`, async ({ page, browser, baseURL }, info) => {
    const path = `/landers/${name}`;
    await expectHydratesAsRendered(page, browser, baseURL!, path);
    await expectAccessible(page, path);
    await loadAllImages(page);
    await shot(page, info, `landers-${name}`);
    await expectWorksWithoutJs(browser, baseURL!, path);
    // Each lander's own tap: a member, a region on the map, the call to action.
    const tap = { alonetonight: page.locator('.lr-alonetonight-group a[data-signup]').first(),
      maplanding: page.locator('.lr-maplanding-dots a').first(), iconslanding: page.locator('a.lr-iconslanding-cta') }[name];
    await tap.click();
    await expect(signupDialog(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    await shot(page, info, `landers-${name}-signup`);
  });
}

test('alonetonight: members near the visitor labelled by region, the online badge only on members seen in the last minutes', async ({ page }) => {
  await page.goto('/landers/alonetonight');
  await hydrated(page);
  const boot = JSON.parse(await page.locator('#lander-boot').textContent() ?? '{}') as { data: { near: { name: string; place: string; online: boolean }[] } };
  expect(boot.data.near.length).toBeGreaterThan(0);
  const near = page.getByRole('region', { name: en('alonetonight.near') });
  const cards = near.getByRole('link');
  await expect(cards).toHaveCount(boot.data.near.length);
  for (const [i, f] of boot.data.near.entries()) {
    await expect(cards.nth(i)).toContainText(f.place);
    await expect(cards.nth(i).locator('.lr-alonetonight-badge')).toHaveCount(f.online ? 1 : 0);
  }
  // Square pictures, no layout shift: the width and height the page gave them.
  const box = await cards.first().locator('img').boundingBox();
  expect(Math.abs(box!.width - box!.height)).toBeLessThan(2);
});

test('maplanding: each region is a named link (keyboard too), the list says the same, no map tiles are fetched', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/landers/maplanding');
  await hydrated(page);
  const links = page.locator('.lr-maplanding-dots a');
  const count = await links.count();
  expect(count).toBeGreaterThan(3);
  const label = (await links.first().getAttribute('aria-label'))!;
  expect(label).toMatch(/^.+: \d+ members?$/);
  // Every request stayed on the site: the map is the page's own SVG.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
  await links.first().focus();
  await page.keyboard.press('Enter');
  await expect(signupDialog(page)).toBeVisible();
});

test('iconslanding: the visitor picks interests, sees how many share them, signs up in the dialog, and the new profile has them', async ({ page, baseURL }, info) => {
  await page.goto('/landers/iconslanding');
  await hydrated(page);
  const picker = page.getByRole('group', { name: en('iconslanding.group') });
  const chips = picker.locator('button.lr-iconslanding-chip');
  const picked: string[] = [];
  for (const i of [0, 2, 5]) {
    const chip = chips.nth(i);
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    picked.push((await chip.locator('.lr-iconslanding-label').textContent())!);
  }
  const boot = JSON.parse(await page.locator('#lander-boot').textContent() ?? '{}') as { data: { interests: { key: string; label: string }[] } };
  const keys = picked.map((label) => boot.data.interests.find((i) => i.label === label)!.key);
  // The count comes from the landers' endpoint, for exactly these interests.
  const counts = await (await fetch(`${baseURL}/api/lander-interests.php?interests=${keys.join(',')}`, { headers: client })).json() as { any: number };
  await expect(page.getByRole('status')).toHaveText(en(counts.any === 1 ? 'iconslanding.shared1' : 'iconslanding.shared', { count: counts.any }));
  // Taking one back counts again.
  await chips.nth(5).click();
  await expect(chips.nth(5)).toHaveAttribute('aria-pressed', 'false');
  keys.pop();
  const fewer = await (await fetch(`${baseURL}/api/lander-interests.php?interests=${keys.join(',')}`, { headers: client })).json() as { any: number };
  await expect(page.getByRole('status')).toHaveText(en(fewer.any === 1 ? 'iconslanding.shared1' : 'iconslanding.shared', { count: fewer.any }));
  const cta = page.getByRole('link', { name: en('iconslanding.cta') });
  await expect(cta).toHaveAttribute('data-interests', keys.join(','));
  await expectAccessible(page, 'iconslanding with picks');
  await shot(page, info, 'landers-iconslanding-picked');

  await cta.click();
  const dialog = signupDialog(page);
  await expect(dialog).toBeVisible();
  await signUp(dialog, uniqueEmail('icons'));
  // Handed off to the site, logged in; the profile carries the picked interests.
  await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1$/);
  const profile = await page.evaluate(() => fetch('/api/profile.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.json()));
  expect([...profile.profile.interests].sort()).toEqual([...keys].sort());
});

const PROFILE_PAGES = ['landing', 'landing2', 'landing3', 'landing2/6', 'landing3/gay', 'signup'] as const;
for (const route of PROFILE_PAGES) {
  test(`profile lander ${route}: accessible, hydrates as rendered, works without JavaScript`, async ({ page, browser, baseURL }, info) => {
    const [member] = await listedMembers(baseURL!);
    const path = `/members/${member.id}/${route}`;
    await expectHydratesAsRendered(page, browser, baseURL!, path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
    if (route === 'signup') {
      // The signup form in place beside the member (the widget, inline); the plain link steps aside.
      await expect(page.getByRole('region', { name: s('modalTitle') })).toBeVisible();
      await expect(page.locator('.lr-profile-signup-fallback')).toBeHidden();
    }
    await expectAccessible(page, path);
    await loadAllImages(page);
    await shot(page, info, `landers-profile-${route.replace('/', '-')}`);
    await expectWorksWithoutJs(browser, baseURL!, path);
  });
}

test('an unknown or hidden member\'s profile lander is the gallery', async ({ page }) => {
  await page.goto('/members/2147483000/landing');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('niche.1.headline'));
  await expect(page.locator('.lr-grid a[data-signup]').first()).toBeVisible();
});

test('a profile lander: signing up in the dialog ends on the conversation with that member (no activation needed)', async ({ page, baseURL }, info) => {
  const [, member] = await listedMembers(baseURL!);
  await page.goto(`/members/${member.id}/landing`);
  await hydrated(page);
  const cta = page.getByRole('link', { name: en('profile.reply', { name: member.name }) });
  await expect(cta).toHaveAttribute('data-after', `/members/${member.id}/chat`);
  await cta.click();
  const dialog = signupDialog(page);
  await expect(dialog).toBeVisible();
  await signUp(dialog, uniqueEmail('profile'));
  await expect(page).toHaveURL(`${baseURL}/members/${member.id}/chat`);
  // Logged in, on the conversation with that member.
  const me = await page.evaluate(() => fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.json()));
  expect(me.user.status).toBe('not_confirmed');
  await expect(page.getByText(member.name).first()).toBeVisible();
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await shot(page, info, 'landers-profile-conversation');
});

test('the profile signup lander: signing up in the form beside the member ends on the conversation too', async ({ page, baseURL }) => {
  const [, , member] = await listedMembers(baseURL!);
  await page.goto(`/members/${member.id}/signup`);
  await hydrated(page);
  const form = page.getByRole('region', { name: s('modalTitle') });
  await expect(form).toBeVisible();
  await signUp(form, uniqueEmail('beside'));
  await expect(page).toHaveURL(`${baseURL}/members/${member.id}/chat`);
});
