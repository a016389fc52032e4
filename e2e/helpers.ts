import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'flirt-demo-2026' };

/** Full-page screenshot kept as a test artifact in e2e/artifacts/<project>-<name>.png. */
export async function shot(page: Page, info: TestInfo, name: string) {
  fs.mkdirSync('e2e/artifacts', { recursive: true });
  const path = `e2e/artifacts/${info.project.name}-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** Puts the demo member back to English, so every run starts alike. */
/** On a phone the search filters fold away behind "Filters": opens them (wider screens show them always). */
export async function openFilters(page: Page) {
  if (page.viewportSize()!.width >= 768) return;
  const toggle = page.getByRole('button', { name: /^Filters\b/ });
  await toggle.waitFor(); // the page may still be rendering
  if (await toggle.getAttribute('aria-expanded') !== 'true') await toggle.click();
}

export async function resetDemoLanguage(baseURL: string) {
  const headers = { 'x-request-type': 'client', 'content-type': 'application/json' };
  const res = await fetch(`${baseURL}/api/user.php`, { method: 'POST', headers, body: JSON.stringify(DEMO) });
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  await fetch(`${baseURL}/api/user.php`, { method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify({ language: 'en' }) });
}

/** Accessibility check with axe-core: no serious or critical WCAG 2.1 A/AA violations. */
export async function expectAccessible(page: Page, what: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  if (bad.length) throw new Error(`accessibility problems on ${what}:\n${bad.join('\n')}`);
}

const MAIL_HTTP = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 3199}`;
export interface CaughtMail { to: string[]; subject: string; text: string; html: string; headers: Record<string, string> }

/** Waits for the `n`th mail (1-based, default: one more than `after`) to this address at the local SMTP server. */
export async function waitForMail(to: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<CaughtMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const list = await (await fetch(`${MAIL_HTTP}/messages?to=${encodeURIComponent(to)}`)).json() as CaughtMail[];
    if (list.length > (opts.after ?? 0)) return list.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within the time limit`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
export async function mailCount(to: string) {
  return ((await (await fetch(`${MAIL_HTTP}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}
/** The first link in the mail's text part containing `part`, made relative to the site. */
export function mailLink(mail: CaughtMail, part: string): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(part));
  if (!url) throw new Error(`no link with ${part} in:\n${mail.text}`);
  const u = new URL(url);
  return u.pathname + u.search;
}
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
export const client = { 'x-request-type': 'client', 'content-type': 'application/json' };

const siteSettings = (baseURL: string, settings: Record<string, unknown>) =>
  fetch(`${baseURL}/api/test/site`, { method: 'POST', headers: client, body: JSON.stringify({ domain: 'localhost', settings }) });

/**
 * Links the server makes (the provider's checkout and the way back, webhooks) point at the site's
 * canonical origin: for this file's tests, this run's port; restored afterwards.
 */
export function useCanonicalOrigin() {
  test.beforeAll(async ({ baseURL }) => { expect((await siteSettings(baseURL!, { canonical_url: baseURL })).ok).toBe(true); });
  test.afterAll(async ({ baseURL }) => { await siteSettings(baseURL!, { canonical_url: 'http://localhost:3000' }); });
}
/** Moves the server's clock forward and runs due jobs (test hooks). */
export async function advanceServerClock(baseURL: string, days: number) {
  await fetch(`${baseURL}/api/test/clock`, { method: 'POST', headers: client, body: JSON.stringify({ advance_ms: Math.round(days * 86400_000) }) });
  await fetch(`${baseURL}/api/test/jobs`, { method: 'POST', headers: client, body: '{}' });
}

export interface Member { id: number; name: string; email: string; password: string; cookie: string }
/**
 * A new member who signed up through the API and activated the account from the real mail,
 * so their profile is visible; logged in through `cookie` (sid=…).
 */
/**
 * A member made through the real signup and activation. Unless `fresh`, they signed up 30 days ago
 * (a test hook moves the date): past the welcome bonuses, whose banner and modal would otherwise
 * come up in every journey.
 */
export async function newMember(baseURL: string, opts: { name: string; gender?: 'male' | 'female'; lookingFor?: 'male' | 'female'; place?: { country: string; region: string; city: string }; fresh?: boolean }): Promise<Member> {
  const name = `${opts.name}${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail(opts.name.toLowerCase());
  const password = 'e2e-password-1';
  const res = await fetch(`${baseURL}/api/signup.php`, {
    method: 'POST', headers: client, body: JSON.stringify({
      gender: opts.gender ?? 'male', looking_for: [opts.lookingFor ?? 'female'], date_of_birth: '1992-03-04',
      ...(opts.place ?? { country: 'GB', region: 'bristol', city: 'Bristol' }), name, email, password, language: 'en',
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  const mail = await waitForMail(email);
  await fetch(baseURL + mailLink(mail, '/api/activate.php'), { redirect: 'manual', headers: { cookie } });
  if (!opts.fresh) {
    const aged = await fetch(`${baseURL}/api/test/signup-date`, { method: 'POST', headers: client, body: JSON.stringify({ email, seconds_ago: 30 * 86_400 }) });
    if (!aged.ok) throw new Error(`signup date not set: ${aged.status}`);
  }
  const user = await (await fetch(`${baseURL}/api/user.php`, { headers: { ...client, cookie } })).json() as { user: { id: number } };
  return { id: user.user.id, name, email, password, cookie };
}

/** Logs this browser context in as `m` (the session cookie, as after a login). */
export async function logInAs(page: Page, baseURL: string, m: Member) {
  const [name, value] = m.cookie.split('=');
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

/** A JPEG photo made on the fly (a coloured card), as a file to upload. */
export async function photoFile(name: string, color: string) {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 600, height: 750, channels: 3, background: color } })
    .composite([{ input: Buffer.from(`<svg width="600" height="750"><circle cx="300" cy="300" r="150" fill="#fff" opacity=".7"/></svg>`) }])
    .jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Gives `m` a main photo, as an upload on the profile page would (search shows members with one). */
export async function addPhoto(baseURL: string, m: Member, color = '#a5673a') {
  const { buffer } = await photoFile('me.jpg', color);
  const headers = { 'x-request-type': 'client', cookie: m.cookie };
  const res = await fetch(`${baseURL}/api/photos.php`, { method: 'POST', headers: { ...headers, 'content-type': 'image/jpeg' }, body: buffer });
  if (!res.ok) throw new Error(`photo upload failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { profile: { images: { id: number }[] } }).profile.images[0]!.id;
  const main = await fetch(`${baseURL}/api/photos.php`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
  if (!main.ok) throw new Error(`main photo not set: ${main.status} ${await main.text()}`);
}

/** Sets a member's credits (through the ledger) and premium state, as a purchase would. */
export async function setCredits(baseURL: string, m: Member, credits: number, premium?: boolean) {
  const res = await fetch(`${baseURL}/api/test/credits`, { method: 'POST', headers: client, body: JSON.stringify({ email: m.email, credits, premium }) });
  if (!res.ok) throw new Error(`test credits failed: ${res.status}`);
}
