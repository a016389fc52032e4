import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { client, expectAccessible, logInAs, newMember, setCredits, useCanonicalOrigin } from './helpers.ts';

// The welcome time bonus (25 % for 4 hours after signup: a banner counting down in the members area,
// a modal after 40 s there with no credits) and discount codes on /credits, paid on the test
// provider's checkout. The browser's clock is Playwright's (page.clock); members are placed in time
// with the signup-date hook, never by moving the server's clock (shared by every test on the server).
test.describe.configure({ timeout: 150_000 });

const NL = { country: 'NL', region: 'gelderland', city: 'Arnhem' };
// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

/** A screenshot in this run's output folder (375 px on the phone project, 1280 px on desktop). */
async function snap(page: Page, info: TestInfo, name: string, fullPage = false) {
  const path = info.outputPath(`${info.project.name}-${name}.png`);
  await page.screenshot({ path, fullPage });
  await info.attach(name, { path, contentType: 'image/png' });
}
const banner = (page: Page) => page.getByRole('link', { name: /Your 25% welcome bonus ends in/ });
const modal = (page: Page) => page.getByRole('dialog', { name: '25% welcome bonus' });
/** hh:mm:ss → seconds. */
const seconds = (text: string | null) => {
  const m = /^(\d\d):(\d\d):(\d\d)$/.exec(text ?? '');
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
};
const countdown = async (page: Page) => seconds(await banner(page).locator('time').textContent());
/**
 * No modal after half a second more on the page's clock, in small steps with real pauses: a modal
 * opened meanwhile would have loaded its code (lazily) and shown by then.
 */
const noModal = async (page: Page) => {
  for (let i = 0; i < 5; i++) {
    await page.clock.runFor(100);
    await page.waitForTimeout(150);
  }
  await expect(modal(page)).toHaveCount(0);
};
/** Stops the page's clock (timers run only when the test moves it), from now on and after reloads. */
const pauseClock = async (page: Page) => page.clock.pauseAt(await page.evaluate(() => Date.now()) + 1_000);
/**
 * With the clock stopped the page moves only when the test moves it: steps of 100 ms until the banner
 * shows and the page is set up (<html data-ready>: the server renders the banner before the modal's
 * timer can start). Returns how far the clock went, an upper bound on how long that timer has run.
 */
async function untilBanner(page: Page) {
  for (let moved = 0; moved <= 10_000; moved += 100) {
    if (await banner(page).isVisible() && await page.locator('html[data-ready]').count()) return moved;
    await page.clock.runFor(100);
    await page.waitForTimeout(50);
  }
  throw new Error('no banner');
}
const timeBonus = async (page: Page) => (await (await page.request.get('/api/timebonus.php', { headers: client })).json()) as { visible: boolean; remaining: number };

test('a new member sees the welcome bonus counting down and, after 40 s with no credits, the modal once', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Fenna', gender: 'female', lookingFor: 'male', place: NL, fresh: true });
  await setCredits(baseURL!, m, 0);
  await page.clock.install();
  await logInAs(page, baseURL!, m);
  await page.goto('/members');

  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveAttribute('href', '/credits');
  const first = await countdown(page);
  // Signed up a few seconds ago: close to 04:00:00, never above.
  expect(first).toBeLessThanOrEqual(4 * 3600);
  expect(first).toBeGreaterThan(4 * 3600 - 120);
  await page.waitForTimeout(1_500);
  await expect.poll(() => countdown(page)).toBeLessThan(first);
  await expectAccessible(page, 'time bonus banner');
  await snap(page, info, 'bonus-banner');

  // The 40 s counted exactly: a reload with the clock stopped starts the modal's timer at a known time.
  await pauseClock(page);
  await page.reload();
  const moved = await untilBanner(page);
  // Focus on the banner when the modal opens: closing it gives the focus back there.
  await banner(page).focus();
  await page.clock.fastForward(38_500 - moved);
  await noModal(page); // at most 39 s
  await page.clock.fastForward(1_000 + moved);
  await page.clock.resume(); // opening it takes timers (React, the lazy modal)
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Special offer')).toBeVisible();
  await expect(dialog.getByText('Unlock your bonus: get 25% off any credit package now!')).toBeVisible();
  await expect(dialog.getByText('Act fast: this offer is only valid for 4 hours after you sign up.')).toBeVisible();
  await expect(dialog.getByText('You receive the bonus instantly.')).toBeVisible();
  const go = dialog.getByRole('link', { name: /Get my bonus \d\d:\d\d:\d\d left/ });
  await expect(go).toHaveAttribute('href', '/credits');
  // The spec's green button.
  const [r, g, b] = (await go.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(g).toBeGreaterThan(r + 40);
  expect(g).toBeGreaterThan(b + 40);
  await expectAccessible(page, 'time bonus modal');
  await snap(page, info, 'bonus-modal');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toHaveCount(0);
  await expect(banner(page)).toBeFocused();

  // Closed for good: not again after a reload, however long the member stays.
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await page.clock.fastForward(45_000);
  await page.clock.fastForward(45_000);
  await expect(banner(page)).toBeVisible();
  await noModal(page);
});

test('leaving the members area before 40 s cancels the modal; back there the 40 s start again', async ({ page, baseURL }) => {
  const m = await newMember(baseURL!, { name: 'Lotte', gender: 'female', lookingFor: 'male', place: NL, fresh: true });
  await setCredits(baseURL!, m, 0);
  await page.clock.install();
  await logInAs(page, baseURL!, m);
  await page.goto('/'); // the page's clock, stopped before the members area
  await pauseClock(page);
  await page.goto('/members');
  await untilBanner(page);
  await page.clock.fastForward(30_000);

  // The swipe game is outside the members area (an in-app navigation: the timer must be cancelled).
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Swipe game' }).click();
  // An in-app link navigates after the next frame (Link.tsx): let the paused clock run one.
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/swipe-game$/);
  await expect(banner(page)).toHaveCount(0);
  await page.clock.fastForward(15_000);
  await page.clock.fastForward(15_000);
  await noModal(page);

  // Back in the area (the browser's back button) the 40 s start again.
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/);
  const moved = await untilBanner(page);
  await page.clock.fastForward(38_500 - moved);
  await noModal(page); // at most 39 s
  await page.clock.fastForward(1_000 + moved);
  await page.clock.resume(); // opening it takes timers (React, the lazy modal)
  await expect(modal(page)).toBeVisible();
});

test('with the welcome bonus a member pays 25 % less with iDEAL, the amount shown; then the banner is gone', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Sanne', gender: 'female', lookingFor: 'male', place: NL, fresh: true });
  await logInAs(page, baseURL!, m);
  await page.goto('/members');
  await banner(page).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole('heading', { name: 'Welcome bonus: 25% off every package' })).toBeVisible();
  const packages = page.getByRole('list', { name: 'Credit packages' });
  const second = packages.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '150 credits' }) });
  // The old price struck through, the new one beside it, and one sentence for screen readers. 25 % of
  // €24.99 is €6.2475: the discount is rounded down to whole cents (the server's rule), €6.24.
  await expect(second.locator('s')).toHaveText('€24.99');
  await expect(second.getByText('€18.75', { exact: true })).toBeVisible();
  await expect(second.getByText('€24.99, now €18.75 with 25% off')).toHaveCount(1);
  await expectAccessible(page, 'credits with the welcome bonus');
  await snap(page, info, 'bonus-credits', true);

  await second.getByRole('link', { name: 'Choose 150 credits for €18.75' }).click();
  await expect(page).toHaveURL(/\/credits\/2$/);
  await page.getByRole('radio', { name: /iDEAL/ }).check();
  const order = page.getByLabel('Your order');
  await expect(order).toContainText('−€6.24');
  await expect(order).toContainText('€18.75');
  await expectAccessible(page, 'payment method with the welcome bonus');
  await snap(page, info, 'bonus-method', true);
  await page.getByRole('button', { name: 'Pay €18.75 with iDEAL' }).click();

  // The provider is asked for exactly the price shown.
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '€' })).toHaveText('€18.75');
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Show receipt' }).click();
  const receipt = page.getByRole('region', { name: /^Receipt / }).or(page.getByRole('table')).first();
  await expect(page.getByRole('row', { name: /Total paid/ })).toContainText('€18.75');
  await expect(page.getByRole('row', { name: /Discount/ })).toContainText('€6.24');
  await expect(receipt).toBeVisible();

  // Now paid: no bonus from the server, no banner.
  expect(await timeBonus(page)).toMatchObject({ visible: false });
  await page.goto('/members');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Credits', exact: true })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/transactions');
  await expect(page.getByRole('row', { name: /Paid/ }).first()).toContainText('€18.75');
});

test('discount codes on /credits: not found, a valid one lowers the price, and once used it is used', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Bram', place: NL });
  await logInAs(page, baseURL!, m);
  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Discount code' });
  const field = form.getByLabel('Discount code');
  const apply = form.getByRole('button', { name: 'Apply' });
  const packages = page.getByRole('list', { name: 'Credit packages' });
  await expect(packages.getByRole('link', { name: 'Choose 150 credits for €24.99' })).toBeVisible();

  await field.fill('NOPE123');
  await apply.click();
  await expect(form.getByText('Code not found')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'discount code not found');

  await field.fill('first20');
  await apply.click();
  await expect(page.getByRole('status').filter({ hasText: 'Code FIRST20 applied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Discount code FIRST20: 20% off' })).toBeVisible();
  await expect(packages.getByRole('link', { name: 'Choose 150 credits for €20.00' })).toBeVisible();
  await expect(page.getByText('For packages from €20.00')).toBeVisible();
  // 20 % off €24.99 is €4.998: the discount is rounded down to whole cents (the server's rule), €4.99.
  // Below the code's minimum order the 50 credits keep their price.
  await expect(packages.getByRole('link', { name: 'Choose 50 credits for €9.99' })).toBeVisible();
  await expectAccessible(page, 'credits with a code');
  await snap(page, info, 'code-credits', true);

  await packages.getByRole('link', { name: 'Choose 150 credits for €20.00' }).click();
  await page.getByRole('radio', { name: /iDEAL/ }).check();
  await page.getByRole('button', { name: 'Pay €20.00 with iDEAL' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '€' })).toHaveText('€20.00');
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/credits');
  await expect(packages.getByRole('link', { name: 'Choose 150 credits for €24.99' })).toBeVisible();
  await field.fill('FIRST20');
  await apply.click();
  await expect(form.getByText('Code already used')).toBeVisible();
  await expect(packages.getByRole('link', { name: 'Choose 150 credits for €24.99' })).toBeVisible();
});

test('at the end of the 4 hours the banner counts to zero and goes, and the server agrees', async ({ page, baseURL }) => {
  const m = await newMember(baseURL!, { name: 'Joost', place: NL });
  await logInAs(page, baseURL!, m);
  await page.goto('/members'); // signed up long ago: no banner (and the page is in the cache)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  const placed = await fetch(`${baseURL}/api/test/signup-date`, { method: 'POST', headers: client, body: JSON.stringify({ email: m.email, seconds_ago: 14_395 }) });
  expect(await placed.json()).toEqual({ found: true });
  await page.reload();
  await expect(banner(page)).toBeVisible();
  expect(await countdown(page)).toBeLessThanOrEqual(5);
  await expect(banner(page)).toHaveCount(0, { timeout: 8_000 });
  // Within a second of the page's zero the server says the bonus is over too.
  await expect.poll(async () => (await timeBonus(page)).visible, { timeout: 1_500 }).toBe(false);

  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit packages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome bonus/ })).toHaveCount(0);
  // After the 4 hours the welcome discount (first purchase, 72 hours by default) takes over, with its own countdown.
  await expect(page.getByRole('heading', { name: 'Welcome discount: 25% off your first purchase' })).toBeVisible();
  await expect(page.getByText(/^Ends in \d\d:\d\d:\d\d$/)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
