// Interaction to Next Paint of the members' pages, for `npm run bench:web`: Chromium (Playwright) on
// the same 4× CPU slowdown as Lighthouse's mobile profile, a logged-in member, the Event Timing API
// (an interaction's latency is its longest event entry: input delay + handlers + the next paint).
//
// Beside each figure, the same gesture on a bare page (a button and a text box, nothing behind them)
// in the same browser and run: the floor of any interaction on this machine at this slowdown.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { cookiesOf } from './bench-cookies.ts';

export interface InteractionResult { name: string; product: number[]; reference: number[] }

/** Collects every event entry with an interactionId; `__inp()` returns the latency of the last interaction. */
const OBSERVER = () => {
  const w = window as unknown as { __events: { id: number; d: number }[] };
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) if (e.interactionId) w.__events.push({ id: e.interactionId, d: e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
};

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>bare</title></head>
<body><main><button type="button" onclick="this.dataset.n=(+this.dataset.n||0)+1">Like</button>
<label>Message <input name="m"></label><button type="button" id="send" onclick="this.previousElementSibling.querySelector('input').value=''">Send</button></main></body></html>`;

/** The latency of the interaction(s) `act` causes: the longest event entry since it began. */
async function latency(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => { (window as unknown as { __events: unknown[] }).__events.length = 0; });
  await act();
  // Event entries are queued after the next paint: give the page two frames and a moment.
  await page.waitForTimeout(600);
  const events = await page.evaluate(() => (window as unknown as { __events: { id: number; d: number }[] }).__events);
  if (!events.length) return 16; // under the 16 ms threshold: no entry is reported
  return Math.max(...events.map((e) => e.d));
}

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/**
 * Measures the four interactions the members' pages issue asks for, `runs` times each: liking a
 * member in search, opening a profile from search, sending a message, switching the likes tabs.
 */
export async function measureInteractions(browser: Browser, origin: string, cookie: string, runs: number): Promise<InteractionResult[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'en-GB' });
  await context.addCookies(cookiesOf(cookie, origin));
  await context.addInitScript(OBSERVER);
  const bare = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await bare.addInitScript(OBSERVER);
  const results: InteractionResult[] = [
    { name: 'like a member in search', product: [], reference: [] },
    { name: 'open a profile from search', product: [], reference: [] },
    { name: 'send a message', product: [], reference: [] },
    { name: 'switch the likes tabs', product: [], reference: [] },
  ];
  try {
    const page = await throttled(context);
    const ref = await throttled(bare);
    await ref.setContent(BARE_PAGE);
    await ref.evaluate(OBSERVER);
    // The app set up (a page the server rendered shows before its code has run: a tap then is only
    // held), then the boot work after it (polling, images) settles.
    const settle = async () => {
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      await page.waitForTimeout(1500);
    };
    const cards = () => page.locator('main ul li');
    let chatWith: string | undefined;
    for (let run = 0; run < runs; run++) {
      // 1. Like from search: a card whose heart is not pressed yet (each run likes another member).
      await page.goto(`${origin}/members?page=${run + 2}`, { waitUntil: 'load' });
      await cards().first().waitFor();
      await settle();
      const heart = page.locator('main ul li button[aria-pressed="false"]').first();
      results[0].product.push(await latency(page, () => heart.click()));
      results[0].reference.push(await latency(ref, () => ref.getByRole('button', { name: 'Like' }).click()));

      // 2. Open a profile from search (a route change rendered by the app).
      await page.goto(`${origin}/members`, { waitUntil: 'load' });
      await cards().first().waitFor();
      await settle();
      const card = cards().nth(run % 6).getByRole('link').first();
      results[1].product.push(await latency(page, async () => {
        await card.click();
        await page.getByRole('heading', { level: 1 }).waitFor();
      }));
      results[1].reference.push(await latency(ref, () => ref.getByRole('button', { name: 'Like' }).click()));

      // 3. Send a message to the member whose profile the first run opened (every run writes in
      //    the same conversation: a free member may hold only two; a new one first offers
      //    ice-breakers in a dialog, which the member closes to write their own).
      chatWith ??= new URL(page.url()).pathname.split('/')[2];
      const id = chatWith;
      await page.goto(`${origin}/members/${id}/chat`, { waitUntil: 'load' });
      const box = page.getByRole('textbox', { name: /^Message to / });
      await box.waitFor();
      await settle();
      if (await page.getByRole('dialog').isVisible()) {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await settle();
      await box.fill(`Hello from the benchmark, run ${run + 1}`);
      results[2].product.push(await latency(page, () => page.getByRole('button', { name: 'Send', exact: true }).click()));
      await ref.getByLabel('Message').fill(`Hello from the benchmark, run ${run + 1}`);
      results[2].reference.push(await latency(ref, () => ref.locator('#send').click()));

      // 4. Switch the likes tabs.
      await page.goto(`${origin}/likes`, { waitUntil: 'load' });
      const tabs = page.getByRole('navigation', { name: 'Kinds of likes' });
      await tabs.waitFor();
      await settle();
      results[3].product.push(await latency(page, () => tabs.getByRole('link', { name: 'Sent' }).click()));
      results[3].reference.push(await latency(ref, () => ref.getByRole('button', { name: 'Like' }).click()));
    }
  } finally {
    await context.close();
    await bare.close();
  }
  return results;
}
