import { expect, test } from '@playwright/test';
import { addPhoto, client, expectAccessible, logInAs, newMember, setCredits, shot } from './helpers.ts';

// The landing page is rendered on the server for visitors and hydrated in the browser: it paints
// with its content before any script runs, works without JavaScript, and hydrates without a mismatch.

test('a visitor gets "/" rendered on the server; the browser hydrates it without a mismatch', async ({ page, baseURL }, info) => {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  // The HTML itself holds the page: its heading and the way in.
  const raw = await (await page.request.get('/')).text();
  expect(raw).toMatch(/<div id="root"[^>]*>.*<h1>/s);
  expect(raw).toMatch(/href="\/login"/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Hydrated: the app responds (the signup button opens the signup dialog).
  await page.getByRole('button', { name: /sign up/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'landing page (server-rendered)');
  await shot(page, info, 'ssr-home');
  expect(errors).toEqual([]);
});

// A choice made on the server's page before its code has run (the footer's language) is not lost:
// hydrating puts back the value React renders, so the kernel gives the choice back once hydrated.
test('a visitor who picks a language before the page\'s code has arrived gets it once the page is hydrated', async ({ page }) => {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => { open = resolve; });
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => { await gate; await route.continue(); });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const english = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  open();
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(english);
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
});

test('without JavaScript "/" still shows what the site is and the way in', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /log in/i }).first()).toHaveAttribute('href', '/login');
  await context.close();
});

test.describe('a visitor the site warns first (the browser says de-DE, a served country)', () => {
  test.use({ locale: 'de-DE' });
  test('the warning comes once the page is hydrated, without a mismatch', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

// A member's search is rendered on the server too, from their own boot block (never a kept copy):
// the first cards and their photos paint before the app's JavaScript has run.
test('a member gets /members rendered on the server for them alone; it hydrates without a mismatch and answers at once', async ({ page, browser, baseURL }, info) => {
  const anna = await newMember(baseURL!, { name: 'Annassr', gender: 'female', lookingFor: 'male' });
  const ben = await newMember(baseURL!, { name: 'Benssr', gender: 'male', lookingFor: 'female' });
  // Among the newest members Ben's search shows, one with a face (members of other journeys may have none).
  await addPhoto(baseURL!, anna);
  const html = async (cookie: string) => (await (await fetch(`${baseURL}/members`, { headers: { cookie } })).text());
  const [forAnna, forBen] = [await html(anna.cookie), await html(ben.cookie)];
  // The cards are in the HTML: a heading, card links to profiles and their photos.
  for (const raw of [forAnna, forBen]) {
    expect(raw).toMatch(/<div id="root"[^>]*>.*<h1>Search members<\/h1>/s);
    expect(raw).toMatch(/<a[^>]+href="\/members\/\d+"/);
  }
  // Each member's own page (who they are rides in it): never the other's.
  expect(forAnna).toContain(anna.email);
  expect(forAnna).not.toContain(ben.email);
  expect(forBen).toContain(ben.email);
  expect(forBen).not.toContain(anna.email);

  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await logInAs(page, baseURL!, ben);
  await page.goto('/members');
  const cards = page.getByRole('main').getByRole('link', { name: /.+, \d+/ });
  await expect(cards.first()).toBeVisible();
  // Hydrated and alive: the heart on the first card likes that member (a tap as the page arrives
  // is kept until the page answers).
  const first = (await page.getByRole('button', { name: /^Like / }).first().getAttribute('aria-label'))!.replace(/^Like /, '');
  await page.getByRole('button', { name: `Like ${first}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Take back your like for ${first}`, exact: true })).toBeVisible();
  await shot(page, info, 'ssr-members');
  expect(errors).toEqual([]);

  // Without JavaScript the member still sees the faces.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const [name, value] = ben.cookie.split('=');
  await context.addCookies([{ name, value, url: baseURL! }]);
  const still = await context.newPage();
  await still.goto('/members');
  await expect(still.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  await expect(still.locator('main img').first()).toBeVisible();
  await expect(still.getByRole('main').getByRole('link', { name: /.+, \d+/ }).first()).toBeVisible();
  await context.close();
});

// A rendered page asks for its code only once its first screen has painted (kernel/server/late-scripts.ts):
// the phone's bandwidth goes to the faces first. A tap in that moment is held and counts once the
// page works.
test('a rendered /members asks for its code after the first photos; a tap before the code arrives still likes', async ({ page, baseURL }) => {
  const eva = await newMember(baseURL!, { name: 'Evassr', gender: 'female', lookingFor: 'male' });
  // A face among the newest members Eva's search shows, whose photo the page preloads.
  await addPhoto(baseURL!, await newMember(baseURL!, { name: 'Maxssr', gender: 'male', lookingFor: 'female' }));
  await logInAs(page, baseURL!, eva);
  // What the browser asked for and what had arrived, in order.
  const log: string[] = [];
  page.on('request', (r) => log.push(`asked ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => log.push(`got ${new URL(r.url()).pathname}`));
  // The app's scripts wait at the door until the test has tapped.
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => { open = resolve; });
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => { await gate; await route.continue(); });
  await page.goto('/members', { waitUntil: 'domcontentloaded' });
  const heart = page.getByRole('button', { name: /^Like / }).first();
  await expect(heart).toBeVisible();
  const name = (await heart.getAttribute('aria-label'))!.replace(/^Like /, '');
  // Not a script tag in sight until the first screen has painted; the preloaded photos came first.
  const raw = await (await page.request.get('/members')).text();
  expect(raw).not.toContain('<script defer');
  expect(raw).toMatch(/<script data-scripts="[^"]*index\.[0-9a-f]+\.js"/);
  const firstScript = () => log.findIndex((e) => /^asked \/static\/js\/(lib-react|hw|index)\./.test(e));
  await expect.poll(firstScript).toBeGreaterThan(0);
  const preloadedPhotos = [...raw.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"?]+)/g)].map((m) => m[1]);
  expect(preloadedPhotos.length).toBeGreaterThan(0);
  for (const photo of preloadedPhotos) {
    const got = log.indexOf(`got ${photo}`);
    expect(got, photo).toBeGreaterThanOrEqual(0);
    expect(got, photo).toBeLessThan(firstScript());
  }
  // The tap before the code has arrived is held, then counts.
  await heart.click();
  open();
  await expect(page.getByRole('button', { name: `Take back your like for ${name}`, exact: true })).toBeVisible();
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
});

// A profile is rendered on the server too (its boot block carries the profile as the API answers
// it): the photo and the name paint with the HTML; the page hydrates and its buttons answer.
test('a member gets a profile rendered on the server; it hydrates without a mismatch and the like answers at once', async ({ page, baseURL }, info) => {
  const carla = await newMember(baseURL!, { name: 'Carlassr', gender: 'female', lookingFor: 'male' });
  const dirk = await newMember(baseURL!, { name: 'Dirkssr', gender: 'male', lookingFor: 'female' });
  const raw = await (await fetch(`${baseURL}/members/${carla.id}`, { headers: { cookie: dirk.cookie } })).text();
  expect(raw).toMatch(new RegExp(`<div id="root"[^>]*>.*<h1>${carla.name}`, 's'));

  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await logInAs(page, baseURL!, dirk);
  await page.goto(`/members/${carla.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${carla.name}, \\d+`) })).toBeVisible();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, info, 'ssr-profile');
  expect(errors).toEqual([]);
});

// /chats is rendered on the server with the member's conversations in it; the times (in the
// browser's time zone) follow once hydrated.
test('a member gets /chats rendered on the server with their conversations; it hydrates without a mismatch', async ({ page, baseURL }, info) => {
  const eva = await newMember(baseURL!, { name: 'Evassr', gender: 'female', lookingFor: 'male' });
  const finn = await newMember(baseURL!, { name: 'Finnssr', gender: 'male', lookingFor: 'female' });
  await setCredits(baseURL!, eva, 100);
  const sent = await fetch(`${baseURL}/api/messages.php`, {
    method: 'POST', headers: { ...client, cookie: eva.cookie },
    body: JSON.stringify({ to: finn.id, kind: 'text', text: 'Hallo from the server', key: `ssr-${Date.now()}` }),
  });
  expect(sent.status).toBe(200);
  const raw = await (await fetch(`${baseURL}/chats`, { headers: { cookie: finn.cookie } })).text();
  expect(raw).toMatch(new RegExp(`<div id="root"[^>]*>.*${eva.name}.*Hallo from the server`, 's'));

  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await logInAs(page, baseURL!, finn);
  await page.goto('/chats');
  const list = page.getByRole('list', { name: 'Your conversations' });
  await expect(list.getByRole('link', { name: new RegExp(eva.name) })).toBeVisible();
  // Once hydrated the time shows, in this browser's time zone.
  await expect(list.locator('time').first()).not.toBeEmpty();
  await list.getByRole('link', { name: new RegExp(eva.name) }).click();
  await expect(page.getByText('Hallo from the server')).toBeVisible();
  await shot(page, info, 'ssr-chats');
  expect(errors).toEqual([]);
});

// /credits is rendered on the server with the member's offer (packages at their price, the discount
// code form); a code entered at once still applies once hydrated.
test('a member gets /credits rendered on the server with their packages; it hydrates without a mismatch and a code applies', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Creditssr', place: { country: 'NL', region: 'gelderland', city: 'Arnhem' } });
  const raw = await (await fetch(`${baseURL}/credits`, { headers: { cookie: m.cookie } })).text();
  expect(raw).toMatch(/<div id="root"[^>]*>.*Discount code.*Credit packages.*Choose 150 credits/s);

  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await logInAs(page, baseURL!, m);
  const offers: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/credits.php')) offers.push(r.url()); });
  await page.goto('/credits');
  const packages = page.getByRole('list', { name: 'Credit packages' });
  await expect(packages.getByRole('link', { name: /^Choose 150 credits for / })).toBeVisible();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  // The page came with its offer: not asked for again.
  expect(offers).toEqual([]);
  const form = page.getByRole('form', { name: 'Discount code' });
  await form.getByLabel('Discount code').fill('first20');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Discount code FIRST20: 20% off' })).toBeVisible();
  await shot(page, info, 'ssr-credits');
  expect(errors).toEqual([]);
});
