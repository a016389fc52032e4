// The benchmarks' logged-in browser contexts: a `Cookie` header ("sid=…; other=…") as Playwright cookies.
import { chromium } from '@playwright/test';

export function cookiesOf(header: string, url: string) {
  return header.split('; ').map((c) => {
    const i = c.indexOf('=');
    return { name: c.slice(0, i), value: c.slice(i + 1), url };
  });
}

/**
 * The Cookie header of a member's browser that has been on the site before (as a member's second
 * visit sends it): the session, and what the app wrote once it had run there — where this browser
 * stands on push, which lets the server render the push alert with the page.
 */
export async function returningCookie(chromePath: string, origin: string, header: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext();
    await context.addCookies(cookiesOf(header, origin));
    const page = await context.newPage();
    await page.goto(`${origin}/members`);
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 60_000 });
    // The push state is written once the browser has looked (a service worker registration).
    await page.waitForTimeout(2000);
    return (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close().catch(() => {});
  }
}
