import fs from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { logInAs, newMember, setCredits } from './helpers.ts';

// Every page of the route map reaches network idle and leaves no request open: tools that wait for
// a quiet network (Playwright's networkidle, Lighthouse) must not wait until their time-out, and a
// request the page never finishes (an unread 404 body, say) is a leak.

/** Every browser route any plugin declares (name -> path), read from the descriptors. */
async function routeMap(): Promise<[string, string][]> {
  const ids = fs.readdirSync('plugins', { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(`plugins/${e.name}/plugin.ts`)).map((e) => e.name);
  const routes: [string, string][] = [];
  for (const id of ids) {
    const d = (await import(`../plugins/${id}/plugin.ts`)) as { default: { routes?: Record<string, string> } };
    routes.push(...Object.entries(d.default.routes ?? {}));
  }
  return routes.sort(([a], [b]) => a.localeCompare(b));
}

/** A path of the route with its parameters filled (a member's id, an optional part left out). */
const fill = (path: string, id: number) => path.replace(/\/:(\w+)\?/g, '').replace(/:(\w+)/g, (_, k: string) => (k === 'type' ? 'received' : k === 'name' ? 'gallery' : String(id)));

/** The page's requests not finished yet (a WebSocket lives on by design). */
function trackOpenRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (r) => { if (r.resourceType() !== 'websocket') open.add(r); });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/**
 * Waits until no request has been open for 500 ms (Playwright's networkidle, but also after an
 * in-app navigation, where the document's load state was reached long ago); null when quiet,
 * else the requests still open after `timeoutMs`.
 */
async function quiet(open: Set<Request>, timeoutMs = 15_000): Promise<string[] | null> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size ? null : Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    if (open.size) quietSince = null;
    else if (quietSince == null) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return null;
  }
  return [...open].map((r) => `${r.method()} ${r.url()}`);
}

/** In-app navigation, as a click on a link does: the router hears popstate (no page load). */
const navigateInApp = (page: Page, path: string) => page.evaluate((p) => {
  history.pushState({}, '', p);
  dispatchEvent(new PopStateEvent('popstate', { state: {} }));
}, path);

test('every route of the route map, and /credits first, reaches network idle with no request left open', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  // A premium member (the Credits item in the navigation).
  const member = await newMember(baseURL!, { name: 'Idler' });
  await setCredits(baseURL!, member, 20, true);
  await logInAs(page, baseURL!, member);
  const open = trackOpenRequests(page);
  const routes = await routeMap();
  expect(routes.length).toBeGreaterThan(30);
  const paths = ['/credits', ...routes.map(([, path]) => fill(path, member.id))];
  const stuck: string[] = [];
  // Each page loaded as a first visit, then reached from the members' search inside the app (its
  // texts and code load then, not with the page).
  for (const inApp of [false, true]) {
    for (const path of paths) {
      const where = `${path}${inApp ? ' (in the app)' : ''}`;
      if (inApp) {
        await page.goto('/members');
        await page.waitForLoadState('networkidle', { timeout: 15_000 });
        if (await quiet(open)) throw new Error('the members page does not come to rest');
        await navigateInApp(page, path);
      } else {
        await page.goto(path);
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => stuck.push(`${where}: no networkidle within 15 s`));
      }
      const left = await quiet(open);
      if (left) stuck.push(`${where}: ${left.join(', ')}`);
    }
  }
  expect(stuck).toEqual([]);
});

test('a visitor\'s entry pages reach network idle with no request left open', async ({ page }) => {
  const open = trackOpenRequests(page);
  const stuck: string[] = [];
  for (const path of ['/', '/login', '/signup', '/premium', '/pricing', '/pages/terms', '/reset-password']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => stuck.push(`${path}: no networkidle within 15 s`));
    const left = await quiet(open);
    if (left) stuck.push(`${path}: ${left.join(', ')}`);
  }
  expect(stuck).toEqual([]);
});
