// Things every instance must agree on at once, each shown by asking every instance directly after
// one of them (or HAProxy) was told: a settings change from the console, a logout, rate limits, a
// payment's webhook; and due jobs (mails, postbacks) that run once in the cluster.
import { generate } from 'otplib';
import { consoleLogin, consoleCode, consoleSiteUpdate } from '../../kernel/contract/console.ts';
import { siteSettings } from '../../kernel/contract/api.ts';
import { currentUser, login, logout, testStaff } from '../../plugins/auth/contract.ts';
import { requestReset } from '../../plugins/account/contract.ts';
import { offer, createPayment, payments as paymentsEndpoint, webhook, type CreditsOffer, type CreatePaymentResponse } from '../../plugins/payments/contract.ts';
import { recordVisit } from '../../plugins/affiliates/contract.ts';
import { LOGIN_DELAY_AFTER } from '../../plugins/auth/contract.ts';
import { request, type Answer, type Member } from './member.ts';
import type { Instance } from './processes.ts';
import type { MailServer } from './outside.ts';
import type { startMollie, startPostbackReceiver } from './outside.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JSON_HEADERS = { 'x-request-type': 'client', 'content-type': 'application/json', accept: 'application/json' };

export interface CheckResult { name: string; ok: boolean; detail: string }

/** Straight to one instance (not through HAProxy), optionally as a given client address (TRUST_PROXY=1 believes it). */
function direct<T = unknown>(inst: Instance, method: string, path: string, opts: { body?: unknown; cookie?: string; forwardedFor?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  return request<T>({
    host: '127.0.0.1', port: inst.port, method, path,
    headers: {
      ...JSON_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}), ...opts.headers,
    },
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
}

/** Polls every instance until `pred` holds for each; the ms it took for the slowest, or null on timeout. */
async function allSee(instances: Instance[], ask: (inst: Instance) => Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  const pending = new Set(instances);
  while (pending.size && Date.now() - started < timeoutMs) {
    for (const inst of [...pending]) if (await ask(inst)) pending.delete(inst);
    if (pending.size) await sleep(20);
  }
  return pending.size ? null : Date.now() - started;
}

/**
 * An admin logs in to the console through HAProxy (password, then the authenticator's code) and
 * changes the site's name and its affiliate network (the postback receiver): every instance's
 * settings.php shows the new name within a second (their caches last 30 s; Redis tells them).
 */
export async function settingsChange(instances: Instance[], admin: Member, receiverOrigin: string, tag: string): Promise<CheckResult> {
  const name = 'settings change (console, all instances)';
  const staff = await direct<{ user_id: number }>(instances[0], 'POST', testStaff.path, { body: { email: admin.email, password: admin.password, role: 'admin' } });
  if (staff.status !== 200) return { name, ok: false, detail: `test staff: ${staff.status} ${JSON.stringify(staff.body)}` };
  const step = await admin.call<{ step: string; ticket: string; secret?: string }>('POST', consoleLogin.path, { email: admin.email, password: admin.password });
  if (step.status !== 200 || !step.body.secret) return { name, ok: false, detail: `console login: ${step.status} ${JSON.stringify(step.body)}` };
  const code = await admin.call('POST', consoleCode.path, { ticket: step.body.ticket, code: await generate({ secret: step.body.secret }) });
  if (code.status !== 200) return { name, ok: false, detail: `console code: ${code.status} ${JSON.stringify(code.body)}` };

  // Every instance has the site in its cache now.
  const nameOn = async (inst: Instance) => (await direct<{ settings: { name: string } }>(inst, 'GET', siteSettings.path)).body?.settings?.name;
  const before = await Promise.all(instances.map(nameOn));
  const newName = `FlirtHaven ${tag}`;
  const update = await admin.call('PUT', consoleSiteUpdate.path, {
    domain: 'localhost',
    settings: {
      name: newName,
      affiliate_networks: { n1: { postback_url: `${receiverOrigin}/pb?cid={click_id}&event={event}&txid={payout_id}`, secret: `cluster-secret-${tag}-0123456789`, method: 'GET', events: ['visit'] } },
    },
  });
  if (update.status !== 200) return { name, ok: false, detail: `site update: ${update.status} ${JSON.stringify(update.body)}` };
  const ms = await allSee(instances, async (inst) => (await nameOn(inst)) === newName, 5000);
  return {
    name, ok: ms !== null && ms <= 1000,
    detail: ms === null ? `not every instance shows "${newName}" after 5 s (before: ${before.join(', ')})` : `"${before[0]}" → "${newName}" on all ${instances.length} instances after ${ms} ms`,
  };
}

/** A session ended through HAProxy is refused by every instance at once (each had it in its cache). */
export async function logoutEverywhere(instances: Instance[], m: Member): Promise<CheckResult> {
  const name = 'logout (all instances)';
  const cookie = m.cookie;
  const seen = await Promise.all(instances.map((inst) => direct(inst, 'GET', currentUser.path, { cookie })));
  if (seen.some((r) => r.status !== 200)) return { name, ok: false, detail: `before: ${seen.map((r) => r.status).join(', ')}` };
  const out = await m.call('POST', logout.path, {});
  if (out.status !== 200) return { name, ok: false, detail: `logout: ${out.status}` };
  const ms = await allSee(instances, async (inst) => (await direct(inst, 'GET', currentUser.path, { cookie })).status === 403, 5000);
  return { name, ok: ms !== null && ms <= 1000, detail: ms === null ? 'an instance still accepts the session after 5 s' : `session refused by all ${instances.length} instances ${ms} ms after the logout` };
}

/**
 * Login failures of one address on one account, each on the next instance in turn: the
 * LOGIN_DELAY_AFTER-th is answered 429 wherever it lands, and then even the right password is
 * refused on every instance (no instance saw more than two of the failures itself).
 */
export async function loginFailuresCounted(instances: Instance[], m: Member): Promise<CheckResult> {
  const name = 'rate limit: login failures counted across instances';
  const from = '198.51.100.23';
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_DELAY_AFTER; i++) {
    const res = await direct(instances[i % instances.length], 'POST', login.path, { body: { email: m.email, password: `wrong-${i}` }, forwardedFor: from });
    statuses.push(res.status);
  }
  const right = await Promise.all(instances.map((inst) => direct<{ error?: string }>(inst, 'POST', login.path, { body: { email: m.email, password: m.password }, forwardedFor: from })));
  const ok = statuses.slice(0, -1).every((s) => s === 401) && statuses.at(-1) === 429 && right.every((r) => r.status === 429);
  return { name, ok, detail: `failures on ${statuses.map((s, i) => `app${(i % instances.length) + 1}:${s}`).join(' ')}; the right password then: ${right.map((r) => r.status).join(', ')}` };
}

/**
 * A per-address limit kept in Redis (password-reset requests, 10 an hour): ten from one address,
 * spread over the instances, pass; the eleventh is refused on every instance. Each asks a reset for
 * another member, so each of those ten mails must arrive once.
 */
export async function requestLimitShared(instances: Instance[], members: Member[]): Promise<CheckResult & { mailed: Member[] }> {
  const name = 'rate limit: per-address requests counted across instances (Redis)';
  const from = '198.51.100.77';
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await direct(instances[i % instances.length], 'POST', requestReset.path, { body: { email: members[i].email }, forwardedFor: from })).status);
  const over = await Promise.all(instances.map((inst) => direct(inst, 'POST', requestReset.path, { body: { email: members[10].email }, forwardedFor: from })));
  const ok = statuses.every((s) => s === 200) && over.every((r) => r.status === 429);
  return { name, ok, detail: `10 requests: ${[...new Set(statuses)].join('/')}; the 11th on each instance: ${over.map((r) => r.status).join(', ')}`, mailed: members.slice(0, 10) };
}

/**
 * A member buys credits through HAProxy (Mollie, played by the test); the payer pays; Mollie's
 * webhook arrives at every instance at once and once more through HAProxy (Mollie retries): the
 * payment is paid and its credits are in the ledger once.
 */
export async function paymentWebhook(instances: Instance[], haproxyPort: number, m: Member, mollie: Awaited<ReturnType<typeof startMollie>>, ledgerOf: (userId: number) => Promise<{ balance: number; payments: number }>): Promise<CheckResult> {
  const name = 'payment webhook (honoured once)';
  const o = await m.call<CreditsOffer>('GET', offer.path);
  if (o.status !== 200) return { name, ok: false, detail: `offer: ${o.status}` };
  const pkg = o.body.packages[0];
  const method = o.body.methods.find((x) => x.method === 'creditcard')?.method ?? o.body.methods[0]?.method;
  if (!pkg || !method) return { name, ok: false, detail: `no package or method in ${JSON.stringify(o.body).slice(0, 300)}` };
  const before = await ledgerOf(m.id);
  const made = await m.call<CreatePaymentResponse>('POST', createPayment.path, { package_id: pkg.id, method });
  if (made.status !== 200) return { name, ok: false, detail: `payment: ${made.status} ${JSON.stringify(made.body)}` };
  const mollieId = mollie.idOf(made.body.redirect_url);
  if (!mollieId) return { name, ok: false, detail: `no Mollie checkout in ${made.body.redirect_url}` };
  mollie.pay(mollieId);
  const body = new URLSearchParams({ id: mollieId }).toString();
  const hook = `${webhook.path}?provider=mollie`;
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  // Mollie's calls: unsigned, form-encoded, no client header; at each instance and through HAProxy at once.
  const targets = [...instances.map((inst) => inst.port), haproxyPort];
  const answers = await Promise.all(targets.map((port) => request({ host: '127.0.0.1', port, method: 'POST', path: hook, headers, body })));
  const states = await m.call<{ payment: { status: string } }>('GET', `${paymentsEndpoint.path}?id=${made.body.payment.id}`);
  const after = await ledgerOf(m.id);
  const credited = after.balance - before.balance;
  const ok = answers.every((a) => a.status === 200) && states.body?.payment?.status === 'paid'
    && after.payments - before.payments === 1 && credited === pkg.credits;
  return { name, ok, detail: `${answers.length} webhooks at once (each instance, HAProxy) answered ${answers.map((a) => a.status).join(', ')}; payment ${states.body?.payment?.status}; ledger +${after.payments - before.payments} entry, +${credited} credits (package: ${pkg.credits})` };
}

/** Visits through HAProxy, each due a postback to the network: the count of visits to make. */
export async function visits(members: Member[], tag: string) {
  for (const m of members) {
    const res = await m.call('POST', recordVisit.path, { network: 'n1', ref: 'cluster', click_id: `click${tag}${m.n}`, visitor: `visitor${tag}${String(m.n).padStart(8, '0')}` });
    if (res.status !== 200) throw new Error(`visit: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return members.length;
}

/** Each expected postback arrived exactly once (a few seconds' grace for a second one). */
export async function postbacksOnce(receiver: Awaited<ReturnType<typeof startPostbackReceiver>>, expected: number, tag: string): Promise<CheckResult> {
  const name = 'job: affiliate postbacks run once';
  const ours = () => receiver.calls.filter((c) => c.url.includes(`cid=click${tag}`));
  const until = Date.now() + 60_000;
  while (Date.now() < until && new Set(ours().map((c) => c.payoutId)).size < expected) await sleep(200);
  await sleep(3000);
  const calls = ours();
  const distinct = new Set(calls.map((c) => c.payoutId)).size;
  return { name, ok: distinct === expected && calls.length === expected, detail: `${expected} visits: ${calls.length} postbacks received, ${distinct} distinct payout ids` };
}

/** Each of these mails arrived exactly once. */
export async function mailsOnce(mail: MailServer, what: string, expected: { to: string; match: (text: string) => boolean }[]): Promise<CheckResult> {
  const name = `job: ${what} mailed once`;
  const count = (e: { to: string; match: (text: string) => boolean }) => mail.to(e.to).filter((x) => e.match(x.text)).length;
  try {
    await mail.until(() => expected.every((e) => count(e) >= 1), 60_000, what);
  } catch { /* counted below */ }
  await sleep(3000);
  const counts = expected.map(count);
  const missing = counts.filter((c) => c === 0).length;
  const twice = counts.filter((c) => c > 1).length;
  return { name, ok: missing === 0 && twice === 0, detail: `${expected.length} expected: ${expected.length - missing - twice} once, ${missing} missing, ${twice} more than once` };
}
