import { expect, type Browser, type Page } from '@playwright/test';

/**
 * A server-rendered lander hydrates without a mismatch: what the server sent (the DOM of the page
 * loaded without JavaScript) is exactly what the browser renders from the same data.
 */
export async function expectHydratesAsRendered(page: Page, browser: Browser, origin: string, path: string) {
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  const plain = await noJs.newPage();
  await plain.goto(path);
  const served = await plain.locator('#lander').innerHTML();
  await noJs.close();
  const warnings: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) warnings.push(m.text()); });
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const rendered = await page.evaluate(() => window.landerRender!());
  expect(rendered).toBe(served);
  expect(warnings).toEqual([]);
}

/** With JavaScript off, a lander shows its headline, its pictures and a working link to the signup. */
export async function expectWorksWithoutJs(browser: Browser, origin: string, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const images = page.locator('#lander img');
  if (await images.count()) expect(await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const cta = page.locator('a[data-signup]').first();
  const href = await cta.getAttribute('href');
  expect(href).toMatch(/^\/signup/);
  const res = await page.request.get(new URL(href!, origin).toString());
  expect(res.status()).toBe(200);
  await context.close();
}
