import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';
import { expectHydratesAsRendered, expectWorksWithoutJs } from './landers-helpers.ts';

// The landers gallery, collagelanding, socialnetwork, transitionsvideolanding and video, on the
// desktop and the phone: accessible, hydrated exactly as the server rendered them, working without
// JavaScript, their call to action opening the signup dialog (the site's signup widget), and what
// each does under prefers-reduced-motion.

type Tree = { [k: string]: string | Tree };
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
const landers = read('plugins/landers/locales/en.json');
const signupTexts = read('plugins/signup/locales/en.json');
const en = (key: string, tree = landers) => key.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k], tree) as string;

/** The signup widget's dialog (its shadow root is open: the role query reaches into it). */
const signupDialog = (page: Page) => page.getByRole('dialog', { name: en('modalTitle', signupTexts) });

const LANDERS: { name: string; cta(page: Page): Locator }[] = [
  { name: 'gallery', cta: (page) => page.locator('.lr-grid a[data-signup]').nth(2) },
  { name: 'collagelanding', cta: (page) => page.getByRole('link', { name: en('collagelanding.choice.mw') }) },
  { name: 'socialnetwork', cta: (page) => page.locator('.lr-socialnetwork-actions a').first() },
  { name: 'transitionsvideolanding', cta: (page) => page.locator('a.lr-transitionsvideolanding-stage') },
  { name: 'video', cta: (page) => page.getByRole('link', { name: en('cta') }).first() },
];

/** Every picture loaded (lazy ones too), for a full-page screenshot as a visitor who scrolled would see it. */
async function loadAllImages(page: Page) {
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => { (img as HTMLImageElement).loading = 'eager'; }));
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}
const runningAnimations = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toBeAttached();

for (const { name, cta } of LANDERS) {
  test(`${name}: accessible, hydrates as rendered, works without JavaScript, its call to action opens the signup dialog`, async ({ page, browser, baseURL }, info) => {
    const path = `/landers/${name}`;
    await expectHydratesAsRendered(page, browser, baseURL!, path);
    await expectAccessible(page, path);
    await loadAllImages(page);
    await shot(page, info, `landers-${name}`);
    await expectWorksWithoutJs(browser, baseURL!, path);

    await cta(page).click();
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible();
    // The lander stays where it was: the signup is a dialog over it.
    expect(new URL(page.url()).pathname).toBe(path);
    await shot(page, info, `landers-${name}-signup`);
  });
}

test('the slug picks the niche: each lander for the gay niche shows its headline', async ({ page }) => {
  for (const { name } of LANDERS) {
    await page.goto(`/landers/${name}/7`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('niche.7.headline'));
  }
});

test('nothing moves on the gallery, collage and social network under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const name of ['gallery', 'collagelanding', 'socialnetwork']) {
    await page.goto(`/landers/${name}`);
    await hydrated(page);
    expect(await page.evaluate(() => document.getAnimations().length), name).toBe(0);
  }
});

test('transitions: portraits cross-fade and zoom, a pause control stops them (keyboard, no JavaScript needed), under reduced motion a still grid', async ({ page, browser, baseURL }, info) => {
  const path = '/landers/transitionsvideolanding';
  await page.goto(path);
  await hydrated(page);
  const slides = page.locator('.lr-transitionsvideolanding-slide');
  await expect(slides).toHaveCount(6);
  // Six slides, their pictures and captions animate, the first one in view from the start.
  expect(await runningAnimations(page)).toBe(18);
  expect(await slides.first().evaluate((el) => Number(getComputedStyle(el).opacity))).toBeGreaterThan(0.9);
  const toggle = page.getByRole('checkbox', { name: en('transitionsvideolanding.pause') });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect.poll(() => runningAnimations(page)).toBe(0);
  await page.locator('label[for="lr-transitionsvideolanding-pause"]').click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(() => runningAnimations(page)).toBe(18);

  // Under reduced motion: no animation, the portraits side by side, no pause control needed.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await hydrated(page);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await expect(page.locator('label[for="lr-transitionsvideolanding-pause"]')).toBeHidden();
  const boxes = await slides.evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none')
    .map((el) => ({ ...el.getBoundingClientRect().toJSON(), opacity: Number(getComputedStyle(el).opacity) })));
  expect(boxes.length).toBeGreaterThan(1);
  expect(boxes.every((b) => b.opacity === 1 && b.width > 100)).toBe(true);
  expect(new Set(boxes.map((b) => `${Math.round(b.x)},${Math.round(b.y)}`)).size).toBe(boxes.length);
  await expectAccessible(page, `${path} (reduced motion)`);
  await loadAllImages(page);
  await shot(page, info, 'landers-transitionsvideolanding-reduced');

  // Without JavaScript the show runs and pauses all the same (CSS only).
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noJs.newPage();
  await plain.goto(path);
  expect(await runningAnimations(plain)).toBe(18);
  await plain.locator('label[for="lr-transitionsvideolanding-pause"]').click();
  await expect.poll(() => runningAnimations(plain)).toBe(0);
  await noJs.close();
});

test('video: the setting\'s video plays muted and looping once the page has hydrated, a visible button pauses it; under reduced motion the poster stays', async ({ page, browser, baseURL }, info) => {
  const path = '/landers/video';
  const res = await page.goto(path);
  expect(res!.headers()['content-security-policy']).toMatch(/media-src 'self' https:/);
  await hydrated(page);
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2), { timeout: 20_000 }).toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, controls: v.controls, src: new URL(v.currentSrc).pathname, poster: new URL(v.poster).pathname })))
    .toEqual({ muted: true, loop: true, controls: false, src: '/lander-media/demo.webm', poster: '/lander-media/demo-poster.jpg' });
  const pause = page.getByRole('button', { name: en('video.pause') });
  await expect(pause).toBeVisible();
  await pause.click();
  const play = page.getByRole('button', { name: en('video.play') });
  await expect(play).toBeVisible();
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForTimeout(500);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, v.currentTime])).toEqual([true, at]);
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(pause).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement, from) => v.currentTime > from, at)).toBe(true);
  await expectAccessible(page, `${path} (playing)`);

  // Reduced motion: the poster stands, the video is not even fetched; the visitor may still start it.
  const context = await browser.newContext({ baseURL });
  const still = await context.newPage();
  await still.emulateMedia({ reducedMotion: 'reduce' });
  const fetched: string[] = [];
  still.on('request', (r) => { if (r.url().includes('/lander-media/demo.webm')) fetched.push(r.url()); });
  await still.goto(path);
  await hydrated(still);
  await expect(still.getByRole('button', { name: en('video.play') })).toBeVisible();
  await still.waitForTimeout(800);
  expect(await still.locator('video').evaluate((v: HTMLVideoElement) => [v.paused, v.currentTime])).toEqual([true, 0]);
  expect(fetched).toEqual([]);
  await expect.poll(() => still.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/lander-media/demo-poster.jpg')))).toBe(true);
  await loadAllImages(still);
  await shot(still, info, 'landers-video-reduced');
  await context.close();

  // Without JavaScript: the poster, nothing playing (nothing moves that could not be stopped).
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noJs.newPage();
  await plain.goto(path);
  await plain.waitForTimeout(500);
  expect(await plain.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(plain.locator('.lr-video-pause')).toBeHidden();
  await noJs.close();
});
