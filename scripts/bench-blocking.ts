// Blocking time measured, for `npm run bench:web`: Lighthouse's TBT is simulated (it multiplies the
// tasks of an unthrottled recording by 4 and replays them on a model of the network), which makes it
// swing with the machine's load and with the order things happened in that recording. This loads
// each page in Chromium (Playwright) really slowed down — CPU 4×, 150 ms round trips, 1.6 Mbps, as
// Lighthouse's mobile profile — and adds up the long tasks the page itself reports (Long Tasks API)
// between its first contentful paint and 6 s after `load`: each task's time beyond 50 ms, as TBT does.
// Beside each page, its static copy (the same HTML, styles and scripts from a bare server) the same way.
import type { Browser } from '@playwright/test';
import { cookiesOf } from './bench-cookies.ts';

export interface BlockingResult { page: string; product: number[]; reference: number[]; longest: number }

const OBSERVER = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask', buffered: true });`;

/** Blocking time (ms) of one load of `url`, and its longest task. */
async function once(browser: Browser, url: string, cookie: string): Promise<{ tbt: number; longest: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-GB' });
  try {
    const origin = new URL(url).origin;
    if (cookie) {
      await context.addCookies(cookiesOf(cookie, origin));
    }
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await page.goto(url, { waitUntil: 'load' });
    // No selector waits meanwhile: Playwright's own injected code would show as the page's tasks.
    await page.waitForTimeout(6000);
    const { fcp, tasks } = await page.evaluate(`({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, tasks: window.__longTasks })`) as { fcp: number; tasks: [number, number][] };
    const after = tasks.filter(([start]) => start >= fcp);
    return { tbt: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0), longest: Math.max(0, ...after.map(([, d]) => d)) };
  } finally {
    await context.close();
  }
}

/** Each page `runs` times, product and static copy in turn. */
export async function measureBlocking(browser: Browser, pages: { page: string; product: string; reference: string; cookie: string }[], runs: number): Promise<BlockingResult[]> {
  const results = pages.map((p) => ({ page: p.page, product: [] as number[], reference: [] as number[], longest: 0 }));
  for (let run = 0; run < runs; run++) {
    for (const [i, p] of pages.entries()) {
      const a = await once(browser, p.product, p.cookie);
      const b = await once(browser, p.reference, '');
      results[i].product.push(a.tbt);
      results[i].reference.push(b.tbt);
      results[i].longest = Math.max(results[i].longest, a.longest);
    }
  }
  return results;
}
