import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openFilters, shot } from './helpers.ts';

// Niche domains (config/sites.json; Chromium resolves *.localhost to this machine): a visitor sees
// the niche's own title and hero copy, and its members first in the search; the default domain
// shows everyone.
const origin = (baseURL: string, host: string) => {
  const u = new URL(baseURL);
  return `${u.protocol}//${host}:${u.port}`;
};

/** The ages on the result cards ("Name, 64, City"). */
async function cardAges(page: Page) {
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const labels = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
  return labels.map((l) => Number(/, (\d+), /.exec(l)?.[1]));
}

/**
 * The first page of the search as the API gives a visitor of the page's domain (asked from the page:
 * only the browser resolves *.localhost).
 */
async function firstPage(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/members.php', { headers: { 'x-request-type': 'client' }, credentials: 'omit' });
    if (!res.ok) throw new Error(`members.php: ${res.status}`);
    return (await res.json()) as { profiles: { id: number; gender: string; age: number }[]; total: number; total_capped?: boolean };
  });
}

test('a visitor on the gilf domain sees women of 60+ and its own title; on the gay domain men looking for men', async ({ page, baseURL }, info) => {
  const gilf = origin(baseURL!, 'gilf.localhost');
  await page.goto(`${gilf}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meet women over 60' })).toBeVisible();
  await expect(page.getByText('Join SilverHaven and meet women over 60 who know exactly what they want.')).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Chat and date with warm, experienced women aged 60 and over.');
  await expect(page).toHaveTitle('SilverHaven');
  await shot(page, info, 'niche-gilf-home');
  await expectAccessible(page, 'gilf home');

  await page.getByRole('main').getByRole('link', { name: 'Search members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  const ages = await cardAges(page);
  expect(ages.length).toBeGreaterThan(10);
  expect(ages.every((a) => a >= 60)).toBe(true);
  const api = await firstPage(page);
  expect(api.profiles.every((p) => p.gender === 'female' && p.age >= 60)).toBe(true);
  await shot(page, info, 'niche-gilf-members');
  const screen = page.viewportSize()!;
  if (screen.width < 768) {
    // A phone's first screen shows faces: the filters fold away, two cards fit above the fold.
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    for (const i of [0, 1]) expect((await cards.nth(i).boundingBox())!.y + (await cards.nth(i).boundingBox())!.height).toBeLessThanOrEqual(screen.height);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  }
  await expectAccessible(page, 'gilf search');
  // The form starts from the audience: women, from 60 (on a phone, once the filters are opened).
  await openFilters(page);
  await expect(page.getByLabel('Looking for')).toHaveValue('female');
  await expect(page.getByLabel('Minimum age')).toHaveValue('60');

  // A filter of one's own still wins: men of 30–40 on the same domain.
  await page.getByLabel('Looking for').selectOption('male');
  await page.getByLabel('Minimum age').fill('30');
  await page.getByLabel('Maximum age').fill('40');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/gender=male/);
  await expect.poll(async () => (await cardAges(page)).every((a) => a >= 30 && a <= 40)).toBe(true);

  const gay = origin(baseURL!, 'gay.localhost');
  await page.goto(`${gay}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Men meeting men' })).toBeVisible();
  await expect(page).toHaveTitle('ManHaven');
  await page.goto(`${gay}/members`);
  await openFilters(page);
  await expect(page.getByLabel('Looking for')).toHaveValue('male');
  await cardAges(page);
  const men = await firstPage(page);
  expect(men.profiles.length).toBeGreaterThan(10);
  expect(men.profiles.every((p) => p.gender === 'male')).toBe(true);
  await shot(page, info, 'niche-gay-members');
});

test('the default domain shows everyone; each niche domain speaks its niche in the reader\'s language', async ({ page, baseURL }, info) => {
  await page.goto('/members');
  const ages = await cardAges(page);
  expect(ages.some((a) => a < 60)).toBe(true);
  await openFilters(page);
  await expect(page.getByLabel('Looking for')).toHaveValue('');
  const everyone = await firstPage(page);
  expect(new Set(everyone.profiles.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
  await page.goto(`${origin(baseURL!, 'gilf.localhost')}/members`);
  const gilf = await firstPage(page);
  expect(gilf.total).toBeGreaterThan(20);
  expect(everyone.total).toBeGreaterThan(gilf.total);

  for (const [host, title] of [['she.localhost', 'Dating made for women'], ['bdsm.localhost', 'Kinky dating for open minds'],
    ['bbw.localhost', 'Curvy, confident and ready to date'], ['milf.localhost', 'Meet confident women in their prime']] as const) {
    await page.goto(`${origin(baseURL!, host)}/`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  // The bbw domain in German: its own title, worded kindly, in the reader's language.
  await page.goto(`${origin(baseURL!, 'bbw.localhost')}/`);
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Kurvig, selbstbewusst und bereit fürs Dating' })).toBeVisible();
  await shot(page, info, 'niche-bbw-home-de');
});
