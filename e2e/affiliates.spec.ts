import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator } from '@playwright/test';
import { client, expectAccessible, mailLink, shot, uniqueEmail, useCanonicalOrigin, waitForMail } from './helpers.ts';
// The same self-signed certificate maker as the payments providers' HTTPS stand-ins.
import { selfSignedCertificate } from '../plugins/payments/server/providers/https-stub.ts';

// Attribution and S2S postbacks, end to end: a visitor arrives on the gallery lander (niche 6) from
// network n1 with bounce logging, signs up in the lander's dialog, activates from the mail and buys
// credits; the network's postback receiver (HTTPS, here in the test, its certificate self-signed)
// fails the first delivery of every event with a 500 and receives each event exactly once on the
// retry, signed with the network's secret.
test.describe.configure({ timeout: 180_000 });

// Checkout, the way back and webhooks: on this run's port.
useCanonicalOrigin();

const SECRET = 'e2e-network-secret-0123456789';
interface Hit { url: string; headers: Record<string, string | string[] | undefined>; status: number }
const hits: Hit[] = [];
let receiver: https.Server;
let origin = '';

const site = (baseURL: string, settings: Record<string, unknown>) =>
  fetch(`${baseURL}/api/test/site`, { method: 'POST', headers: client, body: JSON.stringify({ domain: 'localhost', settings }) });

test.beforeAll(async ({ baseURL }) => {
  const { key, cert } = selfSignedCertificate();
  const seen = new Set<string>();
  receiver = https.createServer({ key, cert }, (req, res) => {
    req.resume();
    req.on('end', () => {
      // The first delivery of each event fails; the retry (same payout id) is taken.
      const payout = String(req.headers['idempotency-key']);
      const status = seen.has(payout) ? 200 : 500;
      seen.add(payout);
      hits.push({ url: `${origin}${req.url}`, headers: req.headers, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The server trusts this receiver's certificate (test hook; only for loopback targets under TEST_HOOKS).
  expect((await fetch(`${baseURL}/api/test/affiliates-receiver`, { method: 'POST', headers: client, body: JSON.stringify({ ca: cert }) })).ok).toBe(true);
  expect((await site(baseURL!, { affiliate_networks: {
    n1: { postback_url: `${origin}/postback?cid={click_id}&event={event}&amount={amount}&currency={currency}&tx={payout_id}&ref={ref}&s1={sub1}`, secret: SECRET },
  } })).ok).toBe(true);
});
test.afterAll(async ({ baseURL }) => {
  await site(baseURL!, { affiliate_networks: {} });
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver ? receiver.close(resolve) : resolve(undefined));
});

const EVENT = (h: Hit) => new URL(h.url).searchParams.get('event');
/** What the network would check: the signature over "<t>.GET.<URL>." with its secret. */
function signed(h: Hit) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(h.headers['x-postback-signature']));
  if (!m) return false;
  const expected = crypto.createHmac('sha256', SECRET).update(`${m[1]}.GET.${h.url}.`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}
/** Waits for the failed first delivery of these events, moves the server's clock past the retry delay (30 s) and waits for the retries. */
async function deliveredAfterRetry(baseURL: string, events: string[]) {
  for (const e of events) await expect.poll(() => hits.filter((h) => EVENT(h) === e).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await fetch(`${baseURL}/api/test/clock`, { method: 'POST', headers: client, body: JSON.stringify({ advance_ms: 31_000 }) });
  await fetch(`${baseURL}/api/test/jobs`, { method: 'POST', headers: client, body: '{}' });
  for (const e of events) await expect.poll(() => hits.filter((h) => EVENT(h) === e && h.status === 200).length, { timeout: 15_000 }).toBe(1);
}
const next = (d: Locator) => d.getByRole('button', { name: 'Next' }).click();

test('a visitor from network n1 signs up, activates and buys credits: each event reaches the network once, signed, after a failed first delivery', async ({ page, baseURL }, info) => {
  const email = uniqueEmail('affiliate');
  await page.goto('/landers/gallery/6?network=n1&ref=r1&sub1=s1&lb=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The address is tidied; the attribution cookie (30 days) names the recorded traffic source.
  await expect.poll(async () => {
    const c = (await page.context().cookies()).find((x) => x.name === 'tracking');
    return c ? JSON.parse(decodeURIComponent(c.value)) as Record<string, string> : null;
  }).toMatchObject({ network: 'n1', ref: 'r1', sub1: 's1', src: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
  await expect(page).toHaveURL(/localhost:\d+\/landers\/gallery\/6$/);
  await page.keyboard.press('Shift'); // an interaction within the first 10 s
  const cookie = (await page.context().cookies()).find((x) => x.name === 'tracking')!;
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  expect(cookie.sameSite).toBe('Lax');
  await expectAccessible(page, 'gallery lander from a traffic source');
  await shot(page, info, 'affiliates-arrival');
  await deliveredAfterRetry(baseURL!, ['visit']);

  // Signs up in the dialog over the lander (the site's signup widget).
  await page.getByRole('link', { name: 'Sign up free' }).first().click();
  const d = page.getByRole('dialog', { name: 'Create your free account' });
  await d.getByRole('radio', { name: 'Man', exact: true }).check();
  await d.getByRole('checkbox', { name: 'Women', exact: true }).check();
  await next(d);
  await d.getByLabel('Day').selectOption('12');
  await d.getByLabel('Month').selectOption({ label: 'March' });
  await d.getByLabel('Year').selectOption('1988');
  await next(d);
  await d.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await d.getByLabel('County').selectOption({ label: 'Devon' });
  await next(d);
  await d.getByLabel('Username').fill(`Affi${Math.random().toString(36).slice(2, 6)}`);
  await d.getByLabel('E-mail address').fill(email);
  await d.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await next(d);
  await d.getByRole('button', { name: 'Create my account' }).click();
  // The visitor continues on the site, logged in.
  await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1$/);
  await expectAccessible(page, 'signup matches');
  await deliveredAfterRetry(baseURL!, ['signup']);

  // Activates from the mail (a full page load: the first page's bounce report goes out as it is left).
  await page.goto(mailLink(await waitForMail(email), '/api/activate.php'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await expectAccessible(page, 'activation done');
  await deliveredAfterRetry(baseURL!, ['activation']);

  // Buys credits with the test provider.
  await page.goto('/credits/1');
  await page.getByRole('radio', { name: /Credit card/ }).check();
  await page.getByRole('button', { name: /^Pay .* with Credit card/ }).click();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'payment completed');
  await shot(page, info, 'affiliates-paid');
  const paymentId = Number(/\/transactions\/(\d+)$/.exec(page.url())![1]);
  const payment = (await (await page.request.get(`/api/payments.php?id=${paymentId}`)).json()).payment as { amount: number; currency: string };
  await deliveredAfterRetry(baseURL!, ['first_purchase', 'purchase']);

  // Every event once (after one failure each), all signed, all for the same click.
  const ok = hits.filter((h) => h.status === 200);
  expect(ok.map(EVENT)).toEqual(['visit', 'signup', 'activation', expect.stringMatching(/purchase$/), expect.stringMatching(/purchase$/)]);
  expect(ok.map(EVENT).sort()).toEqual(['activation', 'first_purchase', 'purchase', 'signup', 'visit']);
  expect(hits.filter((h) => h.status === 500)).toHaveLength(5);
  expect(hits.every(signed)).toBe(true);
  const params = ok.map((h) => new URL(h.url).searchParams);
  expect(new Set(params.map((p) => p.get('cid'))).size).toBe(1);
  expect(params[0].get('cid')).toMatch(/^[0-9a-f-]{36}$/); // n1 sent no click id: the site made one
  expect(params.every((p) => p.get('ref') === 'r1' && p.get('s1') === 's1')).toBe(true);
  expect(new Set(params.map((p) => p.get('tx'))).size).toBe(5);
  for (const p of params.filter((x) => x.get('event')!.endsWith('purchase'))) {
    expect(p.get('currency')).toBe(payment.currency);
    expect(p.get('amount')).toBe((payment.amount / 100).toFixed(2));
  }
  // Nothing more arrives later.
  await fetch(`${baseURL}/api/test/clock`, { method: 'POST', headers: client, body: JSON.stringify({ advance_ms: 3600_000 }) });
  await fetch(`${baseURL}/api/test/jobs`, { method: 'POST', headers: client, body: '{}' });
  expect(hits).toHaveLength(10);

  // The server kept every attempt, and how the first page was left (lb=1): clicked within 10 s, no bounce.
  const report = await (await fetch(`${baseURL}/api/test/affiliates-postbacks?network=n1`, { headers: client })).json() as {
    postbacks: { event: string; status: string; attempts: { outcome: string; http_status: number | null }[] }[];
    bounces: { interacted: boolean; bounced: boolean; time_on_page_ms: number }[];
  };
  expect(report.postbacks.map((p) => [p.event, p.status, p.attempts.map((a) => a.http_status)])).toEqual(
    ['visit', 'signup', 'activation', 'first_purchase', 'purchase'].map((e) => [e, 'delivered', [500, 200]]));
  expect(report.bounces).toEqual([expect.objectContaining({ interacted: true, bounced: false })]);
});
