import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';
import { expectHydratesAsRendered, expectWorksWithoutJs } from './landers-helpers.ts';

// The tinderswipe lander on the desktop and the phone: a swipe deck of the niche's members (drag,
// arrow keys, buttons), more cards as the visitor goes, and after the third like the "they like you
// too" step whose call to action opens the signup dialog (the site's signup widget).

type Tree = { [k: string]: string | Tree };
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
const landers = read('plugins/landers/locales/en.json');
const signupTexts = read('plugins/signup/locales/en.json');
const en = (key: string, tree = landers) => key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string;

const PATH = '/landers/tinderswipe';
interface Card { id: number; name: string; age: number; city: string }

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
/** The cards the server handed the deck with the page. */
const bootCards = (page: Page) => page.evaluate(() => (JSON.parse(document.getElementById('lander-boot')!.textContent!) as { data: { cards: Card[] } }).data.cards);
const topName = (page: Page) => page.locator('.lr-deck-card.is-top .lr-deck-name');
const nameOf = (c: Card) => `${c.name}, ${c.age}`;
const signupDialog = (page: Page) => page.getByRole('dialog', { name: en('modalTitle', signupTexts) });

/**
 * Drags the top card sideways by `dx` px and lets go: with the mouse on the desktop, with a finger
 * on the phone (touch events through the DevTools protocol: the browser makes the pointer events).
 */
async function dragCard(page: Page, info: TestInfo, dx: number) {
  const box = (await page.locator('.lr-deck-card.is-top').boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const steps = 10;
  if (info.project.name === 'phone') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y: y + i }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + steps, { steps });
    await page.mouse.up();
  }
}

test('tinderswipe: accessible, hydrates as rendered, works without JavaScript', async ({ page, browser, baseURL }, info) => {
  await expectHydratesAsRendered(page, browser, baseURL!, PATH);
  await expectAccessible(page, PATH);
  // The first card's photo is there at once (preloaded, sized: nothing moves when it arrives).
  const photo = page.locator('.lr-deck-card.is-top img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => performance.getEntriesByType('layout-shift').reduce((s, e) => s + (e as unknown as { value: number }).value, 0))).toBeLessThan(0.05);
  // On the phone the deck and its buttons are within the first screen.
  const like = page.getByRole('button', { name: en('tinderswipe.like') });
  const viewport = page.viewportSize()!;
  const buttonBox = (await like.boundingBox())!;
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(viewport.height);
  await shot(page, info, 'landers-tinderswipe');
  await expectWorksWithoutJs(browser, baseURL!, PATH);

  // Without JavaScript the like and pass buttons lead to the signup page too.
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noJs.newPage();
  await plain.goto(PATH);
  await plain.getByRole('button', { name: en('tinderswipe.like') }).click();
  await expect(plain).toHaveURL(/\/signup\??$/);
  await noJs.close();
});

test('tinderswipe: swipe by drag, keys and buttons; the third like shows "they like you too", whose call to action opens the signup dialog', async ({ page }, info) => {
  await page.goto(`${PATH}?network=adnet&ref=r-7`);
  await hydrated(page);
  const cards = await bootCards(page);
  await expect(topName(page)).toHaveText(nameOf(cards[0]));

  // Dragging: a short drag snaps back; far enough left passes, right likes.
  await dragCard(page, info, 40);
  await expect(topName(page)).toHaveText(nameOf(cards[0]));
  expect(await page.locator('.lr-deck-card.is-top').evaluate((el) => (el as HTMLElement).style.transform)).toBe('');
  await dragCard(page, info, -150);
  await expect(topName(page)).toHaveText(nameOf(cards[1]));
  await dragCard(page, info, 150);
  await expect(topName(page)).toHaveText(nameOf(cards[2]));
  await expect(page.getByRole('status')).toHaveText(`You liked ${cards[1].name}. Next: ${cards[2].name}, ${cards[2].age}, ${cards[2].city}.`);

  // Keys, while the deck has the focus: ← passes, → likes.
  await page.getByRole('group', { name: en('tinderswipe.deck') }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(topName(page)).toHaveText(nameOf(cards[3]));
  await page.keyboard.press('ArrowRight');
  await expect(topName(page)).toHaveText(nameOf(cards[4]));
  await shot(page, info, 'landers-tinderswipe-swiping');

  // Buttons: pass, then the third like.
  await page.getByRole('button', { name: en('tinderswipe.pass') }).click();
  await expect(topName(page)).toHaveText(nameOf(cards[5]));
  await page.getByRole('button', { name: en('tinderswipe.like') }).click();

  const liked = [cards[1], cards[3], cards[5]];
  const heading = page.getByRole('heading', { name: en('tinderswipe.match.title') });
  await expect(heading).toBeFocused();
  await expect(page.locator('.lr-deck-faces img')).toHaveCount(3);
  expect(await page.locator('.lr-deck-faces img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))))
    .toEqual(liked.map((c) => `Photo of ${c.name}`));
  await expect(page.locator('.lr-deck-match p')).toHaveText(`${liked[0].name}, ${liked[1].name}, and ${liked[2].name} liked you back. Sign up free to chat with them.`);
  await expect(page.getByRole('button', { name: en('tinderswipe.like') })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('.lr-deck-faces img').length
    && [...document.querySelectorAll<HTMLImageElement>('.lr-deck-faces img')].every((i) => i.complete))).toBe(true);
  // The step pops in (opacity from 0): its colours are checked once the animation has ended.
  await expect.poll(() => page.locator('.lr-deck-match').evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0);
  await expectAccessible(page, `${PATH} (they like you too)`);
  await shot(page, info, 'landers-tinderswipe-match');

  // The call to action: a link to the signup page, opened as the signup dialog over the lander.
  const cta = page.getByRole('link', { name: en('tinderswipe.match.cta') });
  await expect(cta).toHaveAttribute('href', '/signup');
  await expect(cta).toHaveAttribute('data-after', `/members/${liked[0].id}/chat`);
  await cta.click();
  await expect(signupDialog(page)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(PATH);
  await shot(page, info, 'landers-tinderswipe-signup');
});

test('tinderswipe: asks for more cards before the first ones run out, never one it has; under reduced motion no card flies', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const asked: URL[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/lander-cards.php')) asked.push(new URL(r.url())); });
  await page.goto(`${PATH}/she`);
  await hydrated(page);
  const first = await bootCards(page);
  const seen = new Set<number>();
  await page.getByRole('group', { name: en('tinderswipe.deck') }).focus();
  for (let i = 0; i < first.length + 4; i++) {
    const id = Number(await page.locator('.lr-deck-card.is-top').getAttribute('data-member'));
    expect(seen.has(id)).toBe(false);
    seen.add(id);
    await page.keyboard.press('ArrowLeft');
    // No fling under reduced motion: the next card is there at once, nothing animates.
    expect(await page.locator('.lr-deck-ghost').count()).toBe(0);
    await expect(page.locator('.lr-deck-card.is-top')).not.toHaveAttribute('data-member', String(id));
    expect(await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  }
  // The deck asked before it ran dry, for the slug's niche, without the cards it had.
  expect(asked.length).toBeGreaterThan(0);
  expect(asked[0].searchParams.get('niche')).toBe('2');
  expect(asked[0].searchParams.get('exclude')!.split(',').map(Number).sort()).toEqual(first.map((c) => c.id).sort());
  expect([...seen].filter((id) => !first.some((c) => c.id === id)).length).toBeGreaterThan(0);
  // Nothing of it went to the server as a like: the visitor has no account.
  expect(asked.every((u) => u.pathname === '/api/lander-cards.php')).toBe(true);
});

test('tinderswipe: a card flies off from where it was let go (no reduced motion)', async ({ page }, info) => {
  await page.goto(PATH);
  await hydrated(page);
  // Each card that flies off, as it comes: its animation and where it starts from.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { flown: string[] }).flown = seen;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n instanceof HTMLElement && n.classList.contains('lr-deck-ghost')) seen.push(`${getComputedStyle(n).animationName} from ${n.style.getPropertyValue('--lr-deck-from')}`);
      }
    }).observe(document.querySelector('.lr-deck-stack')!, { childList: true });
  });
  await dragCard(page, info, 160);
  // Flying off, the card never makes the page wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect.poll(() => page.evaluate(() => (window as unknown as { flown: string[] }).flown)).toEqual([expect.stringMatching(/^lr-deck-out-like from translate\(1[0-9]{2}px, -?\d+px\) rotate\([\d.]+deg\)$/)]);
  // Gone once it has flown.
  await expect(page.locator('.lr-deck-ghost')).toHaveCount(0);
  await page.getByRole('button', { name: en('tinderswipe.pass') }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { flown: string[] }).flown.at(-1))).toBe('lr-deck-out-pass from none');
});
