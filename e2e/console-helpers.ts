import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { client, uniqueEmail } from './helpers.ts';

const PASSWORD = 'console-journey-pass-1';

/**
 * The authenticator app's code for `secret`, at the server's time: journeys before this one may
 * have moved the server's clock forward (a test hook), and the server checks codes by its clock.
 */
export async function authenticatorCode(origin: string, secret: string): Promise<string> {
  const now = await serverNow(origin);
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/** The server's time (its clock may be ahead of this machine's: journeys move it forward). */
export async function serverNow(origin: string): Promise<Date> {
  const res = await fetch(`${origin}/api/test/clock`, { method: 'POST', headers: client, body: JSON.stringify({ advance_ms: 0 }) });
  if (!res.ok) throw new Error(`test clock: ${res.status} ${await res.text()}`);
  return new Date((await res.json() as { now: string }).now);
}

/**
 * A new console account of this role (through the test hook), logged in at /operator as a person
 * would: e-mail and password, the TOTP enrolment with the key the page shows and a code from it,
 * then past the recovery codes. Returns the account's address.
 */
export async function logInStaff(page: Page, baseURL: string, role: 'operator' | 'admin', name = 'staff'): Promise<string> {
  const email = uniqueEmail(`${name}-${role}`);
  const res = await fetch(`${baseURL}/api/test/staff`, { method: 'POST', headers: client, body: JSON.stringify({ email, password: PASSWORD, role }) });
  if (!res.ok) throw new Error(`test staff: ${res.status} ${await res.text()}`);
  await page.goto('/operator');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  const secret = (await page.getByLabel('Key for the authenticator app').textContent())!.trim();
  await page.getByLabel('The code your app shows now').fill(await authenticatorCode(baseURL, secret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'I have stored them, continue' }).click();
  return email;
}
