import { expect, test } from '@playwright/test';
import { logInAs, newMember, shot } from './helpers.ts';

// A member's page rendered on the server carries the alert the browser will show: what the server
// knows of the member (no photo yet), the alerts this browser dismissed and where it stood on push
// when it last looked (both in cookies the app writes). So the alert paints with the page instead of
// arriving once the app has run.
const PUSH = 'Turn on notifications so you never miss a message or a like, even when this page is closed.';
const PHOTO = 'Add a photo to your profile: members with a photo get up to 10 times more replies.';

test('the server renders the alert the browser will show, and a dismissal reaches it', async ({ page, baseURL }, info) => {
  const m = await newMember(baseURL!, { name: 'Alertssr' });
  const rendered = async (cookies: string) => {
    const res = await fetch(`${baseURL}/chats`, { headers: { cookie: [m.cookie, cookies].filter(Boolean).join('; ') } });
    expect(res.status).toBe(200);
    return /<div id="root"[^>]*>(.*)<\/div>/s.exec(await res.text())?.[1] ?? '';
  };
  // No photo yet: the photo alert, which comes before push's.
  const first = await rendered('push_state=unknown');
  expect(first).toContain(PHOTO);
  expect(first).not.toContain(PUSH);
  // That one dismissed in this browser, which was not asked for push yet: the push alert.
  const second = await rendered('dismissed=enrich-alert; push_state=unknown');
  expect(second).toContain(PUSH);
  expect(second).not.toContain(PHOTO);
  // Push blocked, or never looked at: none (the browser adds it if it finds it applies).
  expect(await rendered('dismissed=enrich-alert; push_state=denied')).not.toContain(PUSH);
  expect(await rendered('dismissed=enrich-alert')).not.toContain(PUSH);
  expect(await rendered('dismissed=enrich-alert.push-alert; push_state=unknown')).not.toContain(PUSH);
  // Forged values are ignored, not errors.
  expect(await rendered('dismissed=%3Cscript%3E..x.; push_state=%3Cb%3E')).toContain(PHOTO);

  // In the browser: allowed to ask (granted, not subscribed), the alert is in the first paint, before
  // the app's code has run, and stays once it is hydrated, without a mismatch.
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await logInAs(page, baseURL!, m);
  await page.context().addCookies([
    { name: 'dismissed', value: 'enrich-alert', url: baseURL! },
    { name: 'push_state', value: 'not-subscribed', url: baseURL! },
  ]);
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(msg.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => { open = resolve; });
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => { await gate; await route.continue(); });
  await page.goto('/chats', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText(PUSH)).toBeVisible();
  open();
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect(page.getByText(PUSH)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable notifications' })).toBeEnabled();
  await shot(page, info, 'ssr-push-alert');
  // Put off: the cookie names it, and the server leaves it out of the next page.
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByText(PUSH)).toBeHidden();
  const cookies = await page.context().cookies(baseURL);
  expect(cookies.find((c) => c.name === 'dismissed')?.value.split('.').sort()).toEqual(['enrich-alert', 'push-alert']);
  await page.reload();
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(PUSH)).toBeHidden();
  expect(errors).toEqual([]);
});

test('a member\'s browser tells the server where it stands on push once it has looked', async ({ page, baseURL }) => {
  const m = await newMember(baseURL!, { name: 'Pushstate' });
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await logInAs(page, baseURL!, m);
  // Never looked before: no cookie, the server renders no push alert; the browser finds it may ask.
  await page.goto('/chats');
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
  await expect.poll(async () => (await page.context().cookies(baseURL)).find((c) => c.name === 'push_state')?.value).toBe('not-subscribed');
});
