// Test helpers that know the plugins (the kernel's testing.ts re-exports them for its own tests).
import crypto from 'node:crypto';
import { sessionCookie, type TestApp } from '../kernel/server/testing.ts';
import { authRef } from './auth/server.ts';
import { membersRef } from './members/server.ts';
import { creditsRef } from './credits/server.ts';

let memberCounter = 0;
/**
 * A new active member with a profile, logged in. Goes through the services (not the signup
 * route) so tests of other features do not depend on signup rules or limits. Unless `fresh`, they
 * signed up 30 days before the app's clock: past the welcome bonuses, which would otherwise
 * discount every test purchase.
 */
export async function addMember(t: TestApp, opts: { name?: string; gender?: 'male' | 'female'; premium?: boolean; credits?: number; fresh?: boolean } = {}) {
  const n = ++memberCounter;
  const email = `member${n}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const password = 'test-password-123';
  const auth = t.kernel.services.get(authRef);
  const members = t.kernel.services.get(membersRef);
  const signedUp = new Date(t.kernel.clock.now().getTime() - (opts.fresh ? 0 : 30 * 86_400_000));
  const id = await auth.createAccount({ email, password, status: 'active', language: null, signup_date: signedUp });
  await members.createProfile(id, {
    name: opts.name ?? `Tester${n}`, gender: opts.gender ?? 'male', sexuality: 'hetero', birthdate: '1990-04-02',
    country: 'GB', region: 'bristol', city: 'Bristol', status: 'active',
  });
  const credits = t.kernel.services.get(creditsRef);
  if (opts.credits) await credits.grant(id, opts.credits, 'test');
  if (opts.premium) await credits.markPaid(id);
  const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email, password }, remoteAddress: `10.9.${n % 250}.${(n >> 8) % 250 + 1}` });
  return { id, email, password, cookie: sessionCookie(login) };
}

/** A member's balance and premium flag, as the credits plugin keeps them. */
export async function creditsOf(t: TestApp, userId: number) {
  const { balance, paid } = await t.kernel.services.get(creditsRef).account(userId);
  return { credits: balance, premium: paid };
}

/** Makes the member premium with this balance on top (FUZZ_PREMIUM and the like). */
export async function makePremium(t: TestApp, userId: number, credits: number) {
  const service = t.kernel.services.get(creditsRef);
  await service.markPaid(userId);
  if (credits > 0) await service.grant(userId, credits, 'test');
}

let staffCounter = 0;
/**
 * A console account of this role with a console session, for tests of console endpoints: the
 * account through the services, the session opened directly (the password and TOTP steps have
 * their own tests in kernel/server/console). `cookie` goes into `t.call({ cookie })`.
 */
export async function staffLogin(t: TestApp, role: 'operator' | 'admin') {
  const n = ++staffCounter;
  const email = `${role}${n}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const auth = t.kernel.services.get(authRef);
  const userId = await auth.createAccount({ email, password: 'staff-password-123', status: 'active' });
  await auth.setRole(userId, role);
  t.kernel.access.forget(userId);
  const token = await t.kernel.console.open(userId, '127.0.0.1');
  return { userId, email, cookie: `console=${token}` };
}
