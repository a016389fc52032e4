import fs from 'node:fs';
import http from 'node:http';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { shot, uniqueEmail } from './helpers.ts';
import { widgetSnippet } from '../widgets/snippet.ts';

// A partner's page on another origin (another host and port: cross-site) pastes the swipe widget's
// snippet with tracking parameters, for the "she" niche, in German: the tinderswipe lander's deck in
// a shadow root; the third like leads to the signup widget (loaded only then), which signs the
// visitor up and hands them to the site, logged in.
const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? 3198);
const PARTNER = `http://127.0.0.1:${PARTNER_PORT}`;
const client = { 'x-request-type': 'client', 'content-type': 'application/json' };

type Tree = { [k: string]: string | Tree };
const texts = (ns: string, lang: string) => JSON.parse(fs.readFileSync(ns === 'kernel' ? `locales/${lang}.json` : `plugins/${ns}/locales/${lang}.json`, 'utf8')) as Tree;
/** The text the widget shows for a key ("landers:tinderswipe.like") in a language, placeholders filled. */
function text(lang: string, key: string, params: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(':');
  let node: string | Tree = texts(ns, lang);
  for (const p of path.split('.')) node = (node as Tree)[p];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
}
const de = (key: string, params: Record<string, string | number> = {}) => text('de', key, params);

const HOSTILE = `<style>
  body { font-family: Georgia, serif; color: #123456; margin: 16px; }
  button { color: red; font-family: 'Courier New', monospace; background: yellow; }
  h2, h3, p, label { color: green; }
  img { border: 5px solid blue; }
  * { letter-spacing: 3px; }
  :root { --lr-deck-primary: #00ff00; --lr-deck-secondary: #00ff00; }
</style>`;
function partnerPage(siteOrigin: string, command: string, lang: string) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner: Flirt-Tipps</title>${HOSTILE}</head>
<body>
<h1>Flirt-Tipps für den Winter</h1>
<p>Ein Text des Partners.</p>
<button type="button" id="host-button">Ein Knopf des Partners</button>
<div id="swipe-here" style="max-width: 440px"></div>
<script>
['swipe-like', 'swipe-signup', 'signup-complete'].forEach(function (n) {
  document.addEventListener(n, function (e) { window.report && window.report(n, JSON.stringify(e.detail)); });
});
</script>
${widgetSnippet(siteOrigin, command)}
</body></html>`;
}

let partner: http.Server;
test.beforeAll(async ({ baseURL }) => {
  partner = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // "/": the deck in the page; "/dialog": without a target, over the page, in English and dark.
    res.end(req.url?.startsWith('/dialog')
      ? partnerPage(baseURL!, "flirt('swipe', { ref: 'r-9', network: 'adnet', theme: 'dark' });", 'en')
      : partnerPage(baseURL!, "flirt('swipe', { ref: 'r-9', network: 'adnet', sub1: 'swipe', niche: 'she', lang: 'de', theme: 'light', target: '#swipe-here' });", 'de'));
  });
  await new Promise<void>((resolve) => partner.listen(PARTNER_PORT, '127.0.0.1', resolve));
  // The operator allows the partner's origin; links of this run point at this run's port.
  const res = await fetch(`${baseURL}/api/test/site`, { method: 'POST', headers: client, body: JSON.stringify({ domain: 'localhost', settings: { widget_origins: [PARTNER], canonical_url: baseURL } }) });
  expect(res.ok).toBe(true);
});
test.afterAll(async ({ baseURL }) => {
  await fetch(`${baseURL}/api/test/site`, { method: 'POST', headers: client, body: JSON.stringify({ domain: 'localhost', settings: { widget_origins: [], canonical_url: 'http://localhost:3000' } }) });
  await new Promise((resolve) => partner?.close(resolve));
});

const colorOf = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color);
const styleOf = (l: Locator, prop: string) => l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

/** Axe on the widget only (the partner's own page is not ours to judge): no serious or critical WCAG 2.1 A/AA violations. */
async function expectWidgetAccessible(page: Page, selector: string, what: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  if (bad.length) throw new Error(`accessibility problems on ${what}:\n${bad.join('\n')}`);
}

/** Drags the widget's top card sideways (mouse on the desktop, a finger on the phone). */
async function dragCard(page: Page, info: TestInfo, widget: Locator, dx: number) {
  const box = (await widget.locator('.lr-deck-card.is-top').boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (info.project.name === 'phone') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 10, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 10 });
    await page.mouse.up();
  }
}

test('the swipe widget on a partner\'s page: the deck in German, styles kept apart both ways; three likes lead to the signup, and the visitor ends up logged in on the site', async ({ page, baseURL }, info) => {
  const events: [string, unknown][] = [];
  await page.exposeFunction('report', (name: string, detail: string) => { events.push([name, JSON.parse(detail)]); });
  const scripts: string[] = [];
  const cardRequests: URL[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    if (r.url().includes('/api/lander-cards.php')) cardRequests.push(new URL(r.url()));
  });
  const headStyles = () => page.evaluate(() => document.head.querySelectorAll('style, link[rel="stylesheet"]').length);

  await page.goto(PARTNER);
  const before = await headStyles();
  const widget = page.locator('#swipe-here').getByRole('region', { name: de('landers:niche.2.headline') });
  await expect(widget).toBeVisible();
  expect(new URL(page.url()).origin).toBe(PARTNER);
  await expect(widget.getByText(de('landers:tinderswipe.lead'))).toBeVisible();
  const like = widget.getByRole('button', { name: de('landers:tinderswipe.like') });
  const pass = widget.getByRole('button', { name: de('landers:tinderswipe.pass') });
  const topName = widget.locator('.lr-deck-card.is-top .lr-deck-name');
  await expect(topName).toBeVisible();
  await expect.poll(() => widget.locator('.lr-deck-card.is-top img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The cards came from the site, across origins, for the niche asked for (she: men), with their square crops.
  expect(cardRequests[0].origin).toBe(new URL(baseURL!).origin);
  expect(cardRequests[0].searchParams.get('niche')).toBe('2');
  expect(await widget.locator('.lr-deck-card.is-top img').getAttribute('src')).toMatch(new RegExp(`^${baseURL}/media/.+-match\\.jpg`));
  await shot(page, info, 'widget-swipe-0-open');

  // Styles stay on their side: the page's button, heading, image and letter-spacing rules do not
  // reach the widget (nor its variables), and the widget changes nothing of the page.
  expect(await colorOf(pass)).toBe('rgb(196, 18, 47)');
  expect(await styleOf(like, 'background-color')).toBe('rgb(194, 53, 193)');
  expect(await styleOf(like, 'font-family')).toContain('FlirtHaven Open Sans');
  expect(await styleOf(like, 'letter-spacing')).toBe('normal');
  const title = widget.getByRole('heading', { name: de('landers:niche.2.headline') });
  expect(await colorOf(title)).not.toBe('rgb(0, 128, 0)');
  expect(await styleOf(title, 'letter-spacing')).toBe('normal');
  expect(await styleOf(widget.locator('.lr-deck-card.is-top img'), 'border-top-width')).toBe('0px');
  expect(await styleOf(widget.locator('.lr-deck-name').first(), 'letter-spacing')).toBe('normal');
  const hostButton = page.getByRole('button', { name: 'Ein Knopf des Partners' });
  expect(await colorOf(hostButton)).toBe('rgb(255, 0, 0)');
  expect(await styleOf(hostButton, 'font-family')).toContain('Courier New');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe('Georgia, serif');
  expect(await page.evaluate(() => document.querySelectorAll('.lr-deck, .flirt-root').length)).toBe(0);
  expect(await headStyles()).toBe(before);
  await expectWidgetAccessible(page, 'flirt-swipe', 'the swipe widget');

  // The first render is the loader and the swipe widget's own code: no signup widget (React) yet.
  expect(scripts.filter((s) => s.startsWith('/widgets/')).map((s) => s.replace(/\.[0-9a-f]{8}\.js$/, '.js')))
    .toEqual(['/widgets/loader.js', '/widgets/static/js/widget-swipe.js']);

  // Three likes: a drag, the → key and the button (a pass in between).
  const names: string[] = [];
  names.push((await topName.textContent())!);
  await dragCard(page, info, widget, 150);
  // The card flying off stays inside the widget: the partner's page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(topName).not.toHaveText(names[0]);
  await widget.locator('.lr-deck-stack').focus();
  const passed = (await topName.textContent())!;
  await page.keyboard.press('ArrowLeft');
  await expect(topName).not.toHaveText(passed);
  names.push((await topName.textContent())!);
  await page.keyboard.press('ArrowRight');
  await expect(topName).not.toHaveText(names[1]);
  expect(scripts.some((s) => s.includes('widget-signup'))).toBe(false);
  names.push((await topName.textContent())!);
  await like.click();

  // The page heard of each like, with the tracking data.
  await expect.poll(() => events.filter(([n]) => n === 'swipe-like').length).toBe(3);
  const likes = events.filter(([n]) => n === 'swipe-like').map(([, d]) => d as { widget: string; member: number; likes: number; tracking: unknown });
  expect(likes.map((l) => l.likes)).toEqual([1, 2, 3]);
  expect(likes.every((l) => l.widget === 'swipe' && Number.isInteger(l.member))).toBe(true);
  expect(likes[0].tracking).toEqual({ network: 'adnet', ref: 'r-9', sub1: 'swipe' });

  // "They like you too": the liked faces and the way to the signup; the signup's code starts loading now.
  const step = widget.getByRole('heading', { name: de('landers:tinderswipe.match.title'), level: 3 });
  await expect(step).toBeVisible();
  await expect(step).toBeFocused();
  expect(await widget.locator('.lr-deck-faces img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))))
    .toEqual(names.map((n) => de('landers:tinderswipe.photo', { name: n.replace(/, \d+$/, '') })));
  await expect.poll(() => scripts.some((s) => s.includes('widget-signup'))).toBe(true);
  await expect.poll(() => widget.locator('.lr-deck-faces img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  // The step pops in (opacity from 0): its colours are checked once the animation has ended.
  await expect.poll(() => widget.locator('.lr-deck-match').evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0);
  await expectWidgetAccessible(page, 'flirt-swipe', 'the swipe widget\'s "they like you too" step');
  await shot(page, info, 'widget-swipe-1-match');

  await widget.getByRole('link', { name: de('landers:tinderswipe.match.cta') }).click();
  const d = page.getByRole('dialog', { name: de('signup:modalTitle') });
  await expect(d).toBeVisible();
  const asked = events.filter(([n]) => n === 'swipe-signup').map(([, x]) => x);
  expect(asked).toEqual([{ widget: 'swipe', liked: likes.map((l) => l.member), tracking: { network: 'adnet', ref: 'r-9', sub1: 'swipe' } }]);
  // The signup dialog speaks German too, and the page's styles stay out of it as well.
  expect(await colorOf(d.getByRole('button', { name: de('signup:next') }))).toBe('rgb(29, 18, 0)');
  await shot(page, info, 'widget-swipe-2-signup');

  // The signup: a woman looking for men.
  const next = () => d.getByRole('button', { name: de('signup:next') }).click();
  await d.getByRole('radio', { name: de('signup:you.female'), exact: true }).check();
  await d.getByRole('checkbox', { name: de('signup:you.men'), exact: true }).check();
  await next();
  await d.getByLabel(de('signup:birthday.day')).selectOption('12');
  await d.getByLabel(de('signup:birthday.month')).selectOption({ label: 'Mai' });
  await d.getByLabel(de('signup:birthday.year')).selectOption('1991');
  await next();
  await d.getByLabel(de('signup:location.country')).selectOption({ label: 'Vereinigtes Königreich' });
  await d.getByLabel(de('members:regionWord.county')).selectOption({ label: 'Devon' });
  await d.getByLabel(de('signup:location.city')).fill('Exeter');
  await next();
  const email = uniqueEmail('swipe');
  await d.getByLabel(de('signup:account.name')).fill(`Swiper${Math.random().toString(36).slice(2, 6)}`);
  await d.getByLabel(de('signup:account.email')).fill(email);
  await d.getByLabel(de('signup:account.password'), { exact: true }).fill('long-enough-1');
  await next();
  await d.getByLabel(de('signup:message.label')).fill('Hallo aus dem Swipe-Widget.');
  await d.getByRole('button', { name: de('signup:submit') }).click();

  // Handed to the site, logged in, into the conversation with the first member who "likes you too",
  // with the partner's tracking data kept with the signup.
  await expect(page).toHaveURL(`${baseURL}/members/${likes[0].member}/chat`);
  expect(events.filter(([n]) => n === 'signup-complete').map(([, x]) => x)).toEqual([{ widget: 'signup', tracking: { network: 'adnet', ref: 'r-9', sub1: 'swipe' } }]);
  const me = await page.evaluate(() => fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.json()));
  expect(me.user).toMatchObject({ email, language: 'de' });
  const stored = await (await fetch(`${baseURL}/api/test/signup-tracking?email=${encodeURIComponent(email)}`)).json();
  expect(stored.tracking).toEqual({ network: 'adnet', ref: 'r-9', sub1: 'swipe', sub2: null, sub3: null, domain: 'localhost' });
  await shot(page, info, 'widget-swipe-3-on-site');
});

test('without a target the swipe widget opens as a dialog over the page (dark theme, the page\'s language): focus on the deck, Escape closes it', async ({ page }, info) => {
  await page.goto(`${PARTNER}/dialog`);
  const en = (key: string) => text('en', key);
  const dialog = page.getByRole('dialog', { name: en('landers:niche.1.headline') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: en('landers:tinderswipe.deck') })).toBeFocused();
  await expect.poll(() => dialog.locator('.lr-deck-card.is-top img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Dark: the panel is dark, its texts light.
  expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(42, 27, 43)');
  await expectWidgetAccessible(page, 'flirt-swipe', 'the swipe widget as a dialog');
  await shot(page, info, 'widget-swipe-dialog-dark');
  // The keys work at once (the deck has the focus); Escape closes the dialog and removes the widget.
  const first = await dialog.locator('.lr-deck-card.is-top').getAttribute('data-member');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.locator('.lr-deck-card.is-top')).not.toHaveAttribute('data-member', first!);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.locator('flirt-swipe').count()).toBe(0);
});
