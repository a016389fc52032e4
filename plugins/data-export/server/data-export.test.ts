import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, linkIn, sessionCookie, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';
import { siteOrigin } from '../../../kernel/server/settings.ts';
import { authRef } from '../../auth/server.ts';
import { membersRef } from '../../members/server.ts';
import { bonusesRef } from '../../bonuses/server.ts';
import { TRAFFIC_COOKIE } from '../../affiliates/contract.ts';
import { buyWithTestProvider, paymentsTestApp } from '../../payments/server/testing.ts';
import type { TestProvider } from '../../payments/server/providers/test.ts';
import type { ExportState } from '../contract.ts';
import { readZip } from './read-zip.ts';

let t: TestApp;
let psp: TestProvider;
beforeAll(async () => { ({ t, psp } = await paymentsTestApp()); });
afterAll(async () => { await t?.close(); });

/** Whoever asks for a copy: a member's session and address. */
type Member = Pick<Awaited<ReturnType<typeof addMember>>, 'cookie' | 'email'>;
const HOUR = 3600_000;

const state = async (m: Member) => {
  const res = await t.call({ method: 'GET', url: '/api/data-export.php', cookie: m.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExportState;
};
const ask = (m: Member) => t.call({ method: 'POST', url: '/api/data-export.php', cookie: m.cookie, payload: {} });
const download = (id: number, cookie?: string) => t.call({ method: 'GET', url: `/api/data-export-download.php?id=${id}`, cookie });
const runJobs = () => t.kernel.jobs.runDue({ periodic: 'none' });
const json = (files: Map<string, Buffer>, name: string) => {
  const f = files.get(name);
  if (!f) throw new Error(`${name} is not in the copy: ${[...files.keys()].join(', ')}`);
  return JSON.parse(f.toString('utf8'));
};
const storedKey = async (id: number) => (await t.kernel.db.selectFrom('data_exports').select('file_key').where('id', '=', id).executeTakeFirstOrThrow()).file_key;

/** Asks for a copy as `m`, lets the job make it, and returns the export's id and the mail. */
async function readyCopy(m: Member) {
  const asked = await ask(m);
  expect(asked.statusCode, asked.body).toBe(200);
  const id = (asked.json() as ExportState).export!.id;
  await runJobs();
  const mail = (await t.mails(m.email)).at(-1)!;
  return { id, mail };
}

describe('a member takes their data', () => {
  it('asks, a job builds the ZIP of every part, the mail links to the site, and only the owner downloads it', async () => {
    const m = await addMember(t, { name: 'Annika', credits: 50 });
    const other = await addMember(t, { name: 'Bertil', gender: 'female', credits: 50 });
    // Something in every part: a photo, a like each way, a message each way, a payment.
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c04080' } }).jpeg().toBuffer();
    const photoId = await t.kernel.services.get(membersRef).addPhoto(m.id, jpeg);
    expect((await t.call({ method: 'POST', url: '/api/likes.php', cookie: m.cookie, payload: { id: other.id } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/likes.php', cookie: other.cookie, payload: { id: m.id } })).statusCode).toBe(200);
    const sent = await t.call({ method: 'POST', url: '/api/messages.php', cookie: m.cookie, payload: { to: other.id, kind: 'text', text: 'Hej Bertil!', key: 'export-test-1' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = await t.call({ method: 'POST', url: '/api/messages.php', cookie: other.cookie, payload: { to: m.id, kind: 'text', text: 'Hej Annika!', key: 'export-test-2' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const paid = await t.call({ method: 'POST', url: '/api/payments.php', cookie: m.cookie, payload: { package_id: 1, method: 'creditcard' } });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.call({ method: 'PUT', url: '/api/notifications.php', cookie: m.cookie, payload: { notifications_disabled: ['promotions'] } });

    expect(await state(m)).toEqual({ export: null, next_request_at: null });
    const asked = await ask(m);
    expect(asked.statusCode, asked.body).toBe(200);
    const requested = asked.json() as ExportState;
    expect(requested.export).toMatchObject({ status: 'requested', ready_at: null, expires_at: null, size: null });
    // Built off the request: nothing is ready until the job runs.
    expect(await download(requested.export!.id, m.cookie).then((r) => r.json().error)).toBe('export_not_ready');

    const before = (await t.mails(m.email)).length;
    await runJobs();
    const ready = await state(m);
    expect(ready.export).toMatchObject({ id: requested.export!.id, status: 'ready' });
    expect(new Date(ready.export!.expires_at!).getTime() - new Date(ready.export!.ready_at!).getTime()).toBe(24 * HOUR);
    expect(ready.next_request_at).not.toBeNull();

    const mails = await t.mails(m.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(/data/i);
    // The link is the site's canonical origin, never the request's Host.
    const site = await t.kernel.sites.resolve('localhost');
    expect(linkIn(mail, '/data-export')).toBe(`${siteOrigin(site)}/data-export`);
    expect(mail.text).toMatch(/24 hours/);

    const res = await download(ready.export!.id, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="flirthaven-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.rawPayload.length).toBe(ready.export!.size);

    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(expect.arrayContaining([
      'README.txt', 'README.json', 'account.json', 'profile.json', `profile/photo-${photoId}.jpg`, 'messages.json',
      'likes.json', 'credits.json', 'payments.json', 'notifications.json', 'push.json',
    ]));
    expect(json(files, 'account.json').account).toMatchObject({ id: m.id, email: m.email, status: 'active' });
    expect(json(files, 'profile.json')).toMatchObject({
      profile: { name: 'Annika', birthdate: '1990-04-02', city: 'Bristol' },
      photos: [{ id: photoId, file: `profile/photo-${photoId}.jpg`, is_main: true }],
    });
    // The photo itself, as stored (full size).
    await expect(sharp(files.get(`profile/photo-${photoId}.jpg`)!).metadata()).resolves.toMatchObject({ format: 'jpeg' });
    const conversation = json(files, 'messages.json').conversations[0];
    expect(conversation).toMatchObject({ with_member: { id: other.id, name: 'Bertil' }, started_by_you: true });
    expect(conversation.messages.map((x: { direction: string; text: string }) => [x.direction, x.text]))
      .toEqual([['sent', 'Hej Bertil!'], ['received', 'Hej Annika!']]);
    expect(json(files, 'likes.json')).toMatchObject({ given: [{ member_id: other.id, member_name: 'Bertil' }], received: [{ member_id: other.id }] });
    const credits = json(files, 'credits.json');
    expect(credits.ledger.map((e: { amount: number }) => e.amount)).toContain(50);
    expect(credits.balance).toBe(credits.ledger.at(-1).balance_after);
    expect(json(files, 'payments.json').payments).toEqual([expect.objectContaining({ id: paid.json().payment.id, package_id: 1, method: 'creditcard' })]);
    expect(json(files, 'notifications.json')).toMatchObject({ mails_off: ['promotions'] });
    expect(json(files, 'push.json')).toEqual({ subscriptions: [] });
    // Parts with nothing to say still say so.
    expect(json(files, 'attribution.json')).toEqual({ came_through: null, events: [] });
    expect(json(files, 'swipe-game.json')).toEqual({ passed: [] });
    expect(json(files, 'complaints.json')).toEqual({ complaints: [] });
    // The README names and explains every file, in the member's language (English here).
    const readme = files.get('README.txt')!.toString('utf8');
    for (const name of ['account.json', 'profile.json', 'messages.json', 'likes.json', 'credits.json', 'payments.json', 'notifications.json', 'push.json']) {
      expect(readme).toContain(name);
    }
    expect(readme).toContain('profile/');
    expect(json(files, 'README.json')).toMatchObject({ language: 'en', files: expect.arrayContaining([expect.objectContaining({ file: 'likes.json', about: expect.stringMatching(/liked/) })]) });

    // Nobody else: another member gets 404 (as if there were none), a visitor must log in.
    expect((await download(ready.export!.id, other.cookie)).statusCode).toBe(404);
    const visitor = await download(ready.export!.id);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');
    expect((await t.call({ method: 'POST', url: '/api/data-export.php', payload: {} })).statusCode).toBe(403);
    // Bad input is a 400, never a 500.
    for (const q of ['id=abc', 'id=0', 'id=-1', 'id=99999999999', '', 'id=1&x=2']) {
      expect((await t.call({ method: 'GET', url: `/api/data-export-download.php?${q}`, cookie: m.cookie })).statusCode).toBe(400);
    }
    expect((await t.call({ method: 'POST', url: '/api/data-export.php', cookie: m.cookie, payload: { all: true } })).statusCode).toBe(400);
  });

  it('allows one copy a day: a second is refused saying when the next is possible', async () => {
    const m = await addMember(t);
    const { id } = await readyCopy(m);
    t.kernel.clock.advance(3 * HOUR);
    const again = await ask(m);
    expect(again.statusCode).toBe(429);
    const { requested_at } = (await state(m)).export!;
    const next = new Date(new Date(requested_at).getTime() + 24 * HOUR).toISOString();
    expect(again.json()).toMatchObject({ error: 'export_too_soon', params: { next_request_at: next } });
    expect((await state(m)).next_request_at).toBe(next);
    // Refused: nothing queued, the ready copy stays.
    expect((await state(m)).export).toMatchObject({ id, status: 'ready' });

    t.kernel.clock.advance(21 * HOUR + 1000);
    const later = await ask(m);
    expect(later.statusCode, later.body).toBe(200);
    expect((later.json() as ExportState).export!.id).toBeGreaterThan(id);
  });

  it('two requests at once make one copy', async () => {
    const m = await addMember(t);
    const answers = await Promise.all([ask(m), ask(m), ask(m)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await t.kernel.db.selectFrom('data_exports').select('id').where('user_id', '=', m.id).execute()).toHaveLength(1);
  });

  it('is gone after 24 hours: the job deletes the file, the link answers 410 and the page says expired', async () => {
    const m = await addMember(t);
    const { id } = await readyCopy(m);
    const key = (await storedKey(id))!;
    expect(await t.kernel.storage.exists(key)).toBe(true);
    t.kernel.clock.advance(23 * HOUR);
    await runJobs();
    expect((await download(id, m.cookie)).statusCode).toBe(200);
    t.kernel.clock.advance(HOUR + 1000);
    await runJobs();
    expect(await t.kernel.storage.exists(key)).toBe(false);
    expect((await state(m)).export).toMatchObject({ id, status: 'expired' });
    const gone = await download(id, m.cookie);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toBe('export_expired');
  });

  it('deletes an expired copy on access when its job has not run yet', async () => {
    const m = await addMember(t);
    const { id } = await readyCopy(m);
    const key = (await storedKey(id))!;
    t.kernel.clock.advance(24 * HOUR + 1000);
    // The page already says expired before anything ran.
    expect((await state(m)).export!.status).toBe('expired');
    expect((await download(id, m.cookie)).statusCode).toBe(410);
    expect(await t.kernel.storage.exists(key)).toBe(false);
    expect(await storedKey(id)).toBeNull();
  });

  it('holds what the other parts keep: the partner link and what the partner was told, passes, reports, complaints with answers, discounts, deletion requests', async () => {
    // Came through a partner's link (a lander's visit, then the signup with its cookie).
    const visited = await t.call({
      method: 'POST', url: '/api/visit.php', remoteAddress: '198.51.100.201',
      payload: { network: 'n1', ref: 'r9', sub1: 'spring', click_id: 'CLK-EXPORT', lander: 'gallery', visitor: 'vexport00000000000000001' },
    });
    expect(visited.statusCode, visited.body).toBe(200);
    const traffic = visited.cookies.find((c) => c.name === TRAFFIC_COOKIE)!;
    const email = 'carla.export@example.com';
    const made = await t.call({
      method: 'POST', url: '/api/signup.php', remoteAddress: '198.51.100.202', cookie: `${TRAFFIC_COOKIE}=${traffic.value}`,
      payload: {
        gender: 'female', looking_for: ['male'], date_of_birth: '1991-05-06', country: 'GB', region: 'bristol', city: 'Bristol',
        name: 'Carla', email, password: 'long-enough-1', language: 'en', tracking: { network: 'n1', ref: 'r9', sub1: 'spring' },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { user: { id: number } }).user.id;
    const activate = new URL(linkIn((await t.mails(email))[0], '/api/activate.php'));
    expect((await t.call({ method: 'GET', url: activate.pathname + activate.search })).headers.location).toBe('/activate/done');
    let cookie = sessionCookie(made);

    const other = await addMember(t, { name: 'Dario', gender: 'male' });
    expect((await t.call({ method: 'POST', url: '/api/swipe.php', cookie, payload: { id: other.id, action: 'pass' } })).statusCode).toBe(200);
    const reported = await t.call({ method: 'POST', url: '/api/report.php', cookie, payload: { id: other.id, reason: 'scam', comment: 'Asked for money.' } });
    expect(reported.statusCode, reported.body).toBe(200);
    const complained = await t.call({
      method: 'POST', url: '/api/complaints.php', cookie, remoteAddress: '198.51.100.203',
      payload: { name: 'Carla', email, topic: 'payment', text: 'I was charged twice for my credits on Monday.' },
    });
    expect(complained.statusCode, complained.body).toBe(200);
    const { reference } = complained.json() as { reference: string };
    const op = await staffLogin(t, 'operator');
    const { items: [complaint] } = (await t.call({ method: 'GET', url: `/api/operator/complaints/list?q=${reference}`, cookie: op.cookie })).json();
    const answer = 'Dear Carla,\n\nWe have refunded the second payment.';
    expect((await t.call({ method: 'POST', url: '/api/operator/complaints/answer', cookie: op.cookie, payload: { id: complaint.id, text: answer } })).statusCode).toBe(200);
    // A code made for her alone (30 %, above the welcome bonus's 25 %), entered on /credits and used by a payment.
    await t.kernel.services.get(bonusesRef).addCode({ code: 'CARLA30', value_percentage: 30, user_id: id });
    expect((await t.call({ method: 'POST', url: '/api/discountcode.php', cookie, payload: { code: 'carla30' } })).statusCode).toBe(200);
    const paid = await buyWithTestProvider(t, psp, cookie);
    // She left, and came back with the mailed link.
    const password = 'long-enough-1';
    expect((await t.call({ method: 'POST', url: '/api/account-delete.php', cookie, payload: { reason: 'taking_break', comment: 'back soon', password } })).statusCode).toBe(200);
    const back = new URL(linkIn((await t.mails(email)).at(-1), '/api/reactivate.php'));
    const returned = await t.call({ method: 'GET', url: back.pathname + back.search });
    expect(returned.headers.location).toBe('/members?reactivated=1');
    cookie = sessionCookie(returned);
    await runJobs(); // the postbacks (n1 has no postback URL on this site: skipped)

    const { id: exportId } = await readyCopy({ cookie, email });
    const files = readZip((await download(exportId, cookie)).rawPayload);
    const attribution = json(files, 'attribution.json');
    expect(attribution.came_through).toMatchObject({ domain: 'localhost', network: 'n1', ref: 'r9', sub1: 'spring', click_id: 'CLK-EXPORT', lander: 'gallery' });
    expect(attribution.came_through).not.toHaveProperty('source_id');
    expect(attribution.events.map((e: { kind: string; amount: number | null }) => [e.kind, e.amount])).toEqual([
      ['visit', null], ['signup', null], ['activation', null], ['first_purchase', paid.amount], ['purchase', paid.amount],
    ]);
    for (const e of attribution.events) expect(e.reported_to).toEqual([{ network: 'n1', status: 'skipped', finished_at: expect.any(String) }]);
    expect(json(files, 'signup.json')).toEqual({ signup: expect.objectContaining({ domain: 'localhost', network: 'n1', ref: 'r9', sub1: 'spring', sub2: null }) });
    expect(json(files, 'swipe-game.json')).toEqual({ passed: [{ member_id: other.id, member_name: 'Dario', created_at: expect.any(String) }] });
    expect(json(files, 'profile.json').reported_members).toEqual([
      { member_id: other.id, reason: 'scam', comment: 'Asked for money.', status: 'open', created_at: expect.any(String) },
    ]);
    const complaints = json(files, 'complaints.json');
    expect(complaints.complaints).toEqual([expect.objectContaining({
      reference, topic: 'payment', text: 'I was charged twice for my credits on Monday.', email, status: 'answered',
      answers: [{ text: answer, sent_at: expect.any(String) }],
    })]);
    // Who answered is staff's, not hers.
    expect(JSON.stringify(complaints)).not.toContain(op.email);
    const discounts = json(files, 'discounts.json');
    expect(discounts.personal_codes).toEqual([expect.objectContaining({ code: 'CARLA30', percent: 30, status: 'active' })]);
    expect(discounts.discounts_used).toEqual([expect.objectContaining({ code: 'CARLA30', payment_id: paid.id, status: 'used' })]);
    expect(json(files, 'account-history.json')).toEqual({
      signed_up_on: 'localhost',
      deletion_requests: [{ reason: 'taking_break', comment: 'back soon', requested_at: expect.any(String), reactivated_at: expect.any(String) }],
    });
    const readme = files.get('README.txt')!.toString('utf8');
    for (const name of ['attribution.json', 'signup.json', 'swipe-game.json', 'complaints.json', 'discounts.json', 'account-history.json']) {
      expect(readme).toContain(name);
    }
    expect(readme).toContain('what we told that partner about you');
  });

  it('writes the mail and the README in the member\'s language', async () => {
    const m = await addMember(t);
    await t.call({ method: 'PUT', url: '/api/user.php', cookie: m.cookie, payload: { language: 'de' } });
    const { id, mail } = await readyCopy(m);
    expect(mail.subject).toBe('Deine Daten bei FlirtHaven sind bereit');
    expect(mail.text).toContain('24 Stunden');
    const files = readZip((await download(id, m.cookie)).rawPayload);
    expect(files.get('README.txt')!.toString('utf8')).toMatch(/^Deine Daten bei FlirtHaven/);
    expect(json(files, 'README.json').language).toBe('de');
  });

  it('gives up on a copy that cannot be made after a few tries, and then a new one may be asked for at once', async () => {
    const m = await addMember(t);
    let broken = true;
    t.kernel.services.get(authRef).addPersonalData({
      name: 'test-breaker', about: 'data-export:readme.files',
      collect: async (userId) => {
        if (broken && userId === m.id) throw new Error('storage unreachable');
        return { data: {} };
      },
    });
    const asked = (await ask(m)).json() as ExportState;
    for (let i = 0; i < 3; i++) {
      await runJobs();
      t.kernel.clock.advance(HOUR);
    }
    expect((await state(m))).toEqual({ export: expect.objectContaining({ id: asked.export!.id, status: 'failed' }), next_request_at: null });
    broken = false;
    const { id } = await readyCopy(m);
    expect(id).toBeGreaterThan(asked.export!.id);
    expect((await state(m)).export!.status).toBe('ready');
  });

  it('removes the stored copies when the account is erased', async () => {
    const m = await addMember(t);
    const { id } = await readyCopy(m);
    const key = (await storedKey(id))!;
    await t.kernel.services.get(authRef).erase(m.id);
    expect(await t.kernel.storage.exists(key)).toBe(false);
    expect(await t.kernel.db.selectFrom('data_exports').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
  });
});
