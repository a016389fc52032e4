import fs from 'node:fs';
import http from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectAccessible, logInAs, newMember, shot, uniqueEmail } from './helpers.ts';
import { widgetSnippet } from '../widgets/snippet.ts';

// A partner's page on another origin (another host and port: cross-site, so the site's cookie would be
// a third-party one there) pastes the signup widget's snippet with tracking parameters, in German.
const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? 3198);
const PARTNER = `http://127.0.0.1:${PARTNER_PORT}`;
const client = { 'x-request-type': 'client', 'content-type': 'application/json' };

type Tree = { [k: string]: string | Tree };
const texts = (ns: string, lang: string) => JSON.parse(fs.readFileSync(ns === 'kernel' ? `locales/${lang}.json` : `plugins/${ns}/locales/${lang}.json`, 'utf8')) as Tree;
/** The German text the app shows for a key ("signup:errors.dob_missing"), placeholders filled. */
function de(key: string, params: Record<string, string | number> = {}): string {
  const [ns, path] = key.split(':');
  let node: string | Tree = texts(ns, 'de');
  for (const p of path.split('.')) node = (node as Tree)[p];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
}

function partnerPage(siteOrigin: string) {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner: Dating-Tipps</title>
<style>
  body { font-family: Georgia, serif; color: #123456; margin: 16px; }
  button { color: red; font-family: 'Courier New', monospace; }
  h2, h3, p, label { color: green; }
  * { letter-spacing: 3px; }
</style></head>
<body>
<h1>Dating-Tipps für den Herbst</h1>
<p>Ein Text des Partners.</p>
<button type="button" id="host-button">Ein Knopf des Partners</button>
<script>document.addEventListener('signup-complete', function (e) { window.reportSignup(JSON.stringify(e.detail)); });</script>
${widgetSnippet(siteOrigin, "flirt('signup', { ref: 'r-1', network: 'adnet', sub1: 'spring', lang: 'de', theme: 'light' });")}
</body></html>`;
}

let partner: http.Server;
test.beforeAll(async ({ baseURL }) => {
  partner = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(partnerPage(baseURL!));
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

const next = (d: Locator) => d.getByRole('button', { name: de('signup:next') }).click();
const errorIn = (d: Locator, text: string) => expect(d.getByRole('alert').filter({ hasText: text })).toBeVisible();
const colorOf = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color);

async function openWidget(page: Page) {
  await page.goto(PARTNER);
  const dialog = page.getByRole('dialog', { name: de('signup:modalTitle') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a visitor signs up in the widget on a partner\'s page, in German, and continues on the site logged in', async ({ page, baseURL }, info) => {
  const email = uniqueEmail('widget');
  const completions: string[] = [];
  await page.exposeFunction('reportSignup', (detail: string) => { completions.push(detail); });
  const headStyles = async () => page.evaluate(() => document.head.querySelectorAll('style, link[rel="stylesheet"]').length);

  await page.goto(PARTNER);
  const before = await headStyles();
  const d = await openWidget(page);
  expect(new URL(page.url()).origin).toBe(PARTNER);
  await expect(d.getByText(de('signup:progress', { step: 1, total: 5 }))).toBeVisible();
  await shot(page, info, 'widget-0-open');

  // Styles stay on their side: the page's `button { color: red }` does not reach the widget's
  // buttons, the widget adds nothing to the page's head and changes none of its elements.
  const widgetNext = d.getByRole('button', { name: de('signup:next') });
  expect(await colorOf(widgetNext)).toBe('rgb(29, 18, 0)');
  expect(await widgetNext.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('FlirtHaven Open Sans');
  expect(await widgetNext.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('normal');
  const title = d.getByRole('heading', { name: de('signup:modalTitle') });
  expect(await colorOf(title)).not.toBe('rgb(0, 128, 0)');
  // Inherited properties do not flow in either (the page's `* { letter-spacing }` matches the widget's element).
  expect(await title.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('normal');
  expect(await d.getByText(de('signup:you.iAm')).evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('normal');
  const hostButton = page.getByRole('button', { name: 'Ein Knopf des Partners' });
  expect(await colorOf(hostButton)).toBe('rgb(255, 0, 0)');
  expect(await hostButton.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Courier New');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe('Georgia, serif');
  expect(await headStyles()).toBe(before);
  // Open Sans came from the site (cross-origin, with CORS) into the page's font set, under the widget's own name.
  await expect.poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.includes('FlirtHaven Open Sans') && f.status === 'loaded'))).toBe(true);

  // Step 0: who are you
  await next(d);
  await errorIn(d, de('signup:errors.gender_missing'));
  await errorIn(d, de('signup:errors.looking_for_missing'));
  await shot(page, info, 'widget-0-errors');
  await d.getByRole('radio', { name: de('signup:you.male'), exact: true }).check();
  await d.getByRole('checkbox', { name: de('signup:you.women'), exact: true }).check();
  await next(d);

  // Step 1: date of birth: missing, too young, a day that does not exist
  await expect(d.getByRole('heading', { name: de('signup:birthday.title') })).toBeVisible();
  await next(d);
  await errorIn(d, de('signup:errors.dob_missing', { min_age: 18 }));
  const now = new Date();
  await d.getByLabel(de('signup:birthday.day')).selectOption('31');
  await d.getByLabel(de('signup:birthday.month')).selectOption('12');
  await d.getByLabel(de('signup:birthday.year')).selectOption(String(now.getFullYear() - 18));
  if (now.getMonth() !== 11 || now.getDate() !== 31) {
    await next(d);
    await errorIn(d, de('signup:errors.dob_too_young', { min_age: 18 }));
  }
  await d.getByLabel(de('signup:birthday.day')).selectOption('30');
  await d.getByLabel(de('signup:birthday.month')).selectOption({ label: 'Februar' });
  await d.getByLabel(de('signup:birthday.year')).selectOption('1990');
  await next(d);
  await errorIn(d, de('signup:errors.dob_invalid'));
  await d.getByLabel(de('signup:birthday.day')).selectOption('12');
  await shot(page, info, 'widget-1-birthday');
  await next(d);

  // Step 2: where
  await expect(d.getByRole('heading', { name: de('signup:location.title') })).toBeVisible();
  await next(d);
  await errorIn(d, de('signup:errors.country_missing'));
  await d.getByLabel(de('signup:location.country')).selectOption({ label: 'Vereinigtes Königreich' });
  await next(d);
  await errorIn(d, de('signup:errors.region_missing'));
  await d.getByLabel(de('members:regionWord.county')).selectOption({ label: 'Devon' });
  await d.getByLabel(de('signup:location.city')).fill('Exeter');
  await next(d);

  // Step 3: the login, every rule of spec section 5 for it
  await expect(d.getByRole('heading', { name: de('signup:account.title') })).toBeVisible();
  const name = d.getByLabel(de('signup:account.name'));
  const mail = d.getByLabel(de('signup:account.email'));
  const password = d.getByLabel(de('signup:account.password'), { exact: true });
  await name.fill('@sunny');
  await mail.fill(email);
  await password.fill('long-enough-1');
  await next(d);
  await errorIn(d, de('signup:errors.name_starts_with_at'));
  await name.fill(email);
  await next(d);
  await errorIn(d, de('signup:errors.name_equals_email'));
  await name.fill('W');
  await next(d);
  await errorIn(d, de('signup:errors.name_invalid', { min: 3, max: 20 }));
  await name.fill('Widgetfan');
  await mail.fill('not-an-address');
  await next(d);
  await errorIn(d, de('signup:errors.invalid_email'));
  await mail.fill(email);
  await password.fill('short');
  await next(d);
  await errorIn(d, de('signup:errors.password_too_short', { min: 8 }));
  await password.fill('long-enough-1');
  // Checked on the site's server, across origins.
  await mail.fill(DEMO.email);
  await next(d);
  await errorIn(d, de('signup:errors.email_exists'));
  await expect(d.getByRole('link', { name: de('signup:invite.login') })).toHaveAttribute('href', `${baseURL}/login`);
  await shot(page, info, 'widget-3-account-errors');
  await mail.fill(email);
  await next(d);

  // Step 4: the account; the page hears of it, and the visitor continues on the site, logged in.
  await d.getByLabel(de('signup:message.label')).fill('Hallo aus dem Widget.');
  await shot(page, info, 'widget-4-message');
  await d.getByRole('button', { name: de('signup:submit') }).click();
  await expect(page).toHaveURL(`${baseURL}/signup-matches?api_signup_complete=1`);
  expect(completions.map((c) => JSON.parse(c))).toEqual([{ widget: 'signup', tracking: { network: 'adnet', ref: 'r-1', sub1: 'spring' } }]);
  const me = await page.evaluate(() => fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.json()));
  expect(me.user).toMatchObject({ email, status: 'not_confirmed', language: 'de' });
  await expect(page.getByRole('heading', { name: /Mitglieder, die zu dir passen|Members who match you/ })).toBeVisible();
  await shot(page, info, 'widget-5-on-site');

  // The tracking data went with the signup, as an in-site signup from an affiliate link keeps it.
  const stored = await (await fetch(`${baseURL}/api/test/signup-tracking?email=${encodeURIComponent(email)}`)).json();
  expect(stored.tracking).toEqual({ network: 'adnet', ref: 'r-1', sub1: 'spring', sub2: null, sub3: null, domain: 'localhost' });
});

test('the dialog closes by Escape only before the first answer; the widget also shows inline, in the dark theme', async ({ page }, info) => {
  await page.goto(PARTNER);
  const dialog = page.getByRole('dialog', { name: de('signup:modalTitle') });
  await dialog.getByRole('radio', { name: de('signup:you.female'), exact: true }).check();
  await dialog.getByRole('checkbox', { name: de('signup:you.men'), exact: true }).check();
  await next(dialog);
  await expect(dialog.getByRole('heading', { name: de('signup:birthday.title') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: de('kernel:close') }).click();
  await expect(dialog).toBeHidden();

  // A later command on the same page: the loader is there already and takes it at once.
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.id = 'signup-here';
    document.body.append(el);
    (window as unknown as { flirt(...a: unknown[]): void }).flirt('signup', { target: '#signup-here', lang: 'de', theme: 'dark' });
  });
  const inline = page.locator('#signup-here').getByRole('region', { name: de('signup:modalTitle') });
  await expect(inline).toBeVisible();
  await expect(inline.getByRole('button', { name: de('signup:next') })).toBeVisible();
  await shot(page, info, 'widget-inline-dark');
});

test("a hand-off link opened in a browser logged in as someone else asks before switching accounts", async ({ page, baseURL }, info) => {
  const member = await newMember(baseURL!, { name: 'Stayer' });
  await logInAs(page, baseURL!, member);
  /** Someone signs up through the widget on the partner's page and gets the hand-off link. */
  const widgetAccount = async (name: string) => {
    const res = await fetch(`${baseURL}/api/signup.php`, {
      method: 'POST', headers: { ...client, origin: PARTNER }, body: JSON.stringify({
        gender: 'male', looking_for: ['female'], date_of_birth: '1987-02-03', country: 'GB', region: 'devon', city: 'Exeter',
        name, email: uniqueEmail('handoff'), password: 'long-enough-1', language: 'en', handoff: true,
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { user: { id: number }; handoff_url: string };
  };
  const me = () => page.evaluate(() => fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' } }).then((r) => r.json()).then((b) => b.user?.id));

  // Opened by the logged-in member (sent by someone else): the question, not a switched session.
  const foreign = await widgetAccount('Strangerx');
  await page.goto(foreign.handoff_url);
  await expect(page).toHaveURL(/\/signup-switch\?token=/);
  await expect(page.getByRole('heading', { name: 'Switch accounts?' })).toBeVisible();
  await expect(page.getByText(`You are logged in as ${member.name}.`)).toBeVisible();
  expect(await me()).toBe(member.id);
  await expectAccessible(page, 'the switch question');
  await shot(page, info, 'handoff-switch-question');
  await page.getByRole('button', { name: `Stay logged in as ${member.name}` }).click();
  await expect(page).toHaveURL(`${baseURL}/members`);
  expect(await me()).toBe(member.id);

  // Their own new account (they did sign up on the partner's page): they choose to switch.
  const own = await widgetAccount('Newself');
  await page.goto(own.handoff_url);
  await page.getByRole('button', { name: 'Switch to Newself' }).click();
  await expect(page).toHaveURL(`${baseURL}/signup-matches?api_signup_complete=1`);
  expect(await me()).toBe(own.user.id);
});
