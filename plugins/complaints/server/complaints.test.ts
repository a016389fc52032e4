import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { COMPLAINT_LIMITS } from '../contract.ts';

// The complaints form's endpoint: stored with status 'open' for the operators, acknowledged by mail
// in the sender's language with the reference number, limited per e-mail address and per IP
// address. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(() => t?.close());

let ip = 0;
const complain = (payload: Record<string, unknown>, opts: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.call({ method: 'POST', url: '/api/complaints.php', payload, remoteAddress: opts.remoteAddress ?? `198.51.100.${++ip}`, cookie: opts.cookie, headers: opts.headers });
const valid = (email: string) => ({ name: 'Eva Jansen', email, topic: 'payment', text: 'I was charged twice for 150 credits on 3 March.' });
const row = (reference: string) => t.kernel.db.selectFrom('complaints').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

describe('complaints', () => {
  it('stores a visitor\'s complaint as open and mails the reference number in the language of the form, without echoing the text', async () => {
    const res = await complain({ ...valid(' Eva@Example.com '), name: '  Eva <b>Jansen</b> ', language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    const { reference, email } = res.json() as { reference: string; email: string };
    expect(reference).toMatch(/^C\d{4}-\d{6}$/);
    expect(email).toBe('eva@example.com');
    expect(await row(reference)).toMatchObject({
      user_id: null, domain: 'localhost', locale: 'de', name: 'Eva <b>Jansen</b>', email: 'eva@example.com', topic: 'payment',
      text: 'I was charged twice for 150 credits on 3 March.', status: 'open',
    });
    const [mail] = await t.mails('eva@example.com');
    expect(mail.subject).toBe(`Wir haben deine Beschwerde erhalten (${reference})`);
    expect(mail.text).toContain(`Wir haben deine Beschwerde über eine Zahlung unter der Referenznummer ${reference} erfasst.`);
    expect(mail.text).toContain('innerhalb von 14 Tagen');
    // Nothing the sender wrote goes out to the address they typed in.
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toContain('charged twice');
      expect(part).not.toContain('Jansen');
    }
  });

  it('keeps a member\'s id; without a language in the body the mail follows the locale cookie, else the domain\'s language', async () => {
    const m = await addMember(t);
    const res = await complain({ ...valid(m.email), topic: 'member' }, { cookie: `${m.cookie}; i18n_redirected=fr` });
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = res.json() as { reference: string };
    expect(await row(reference)).toMatchObject({ user_id: m.id, locale: 'fr', topic: 'member' });
    expect((await t.mails(m.email)).at(-1)!.subject).toBe(`Nous avons bien reçu votre réclamation (${reference})`);

    const nl = await complain(valid('nl-visitor@example.com'), { headers: { host: 'nl.localhost' } });
    const ack = (await t.mails('nl-visitor@example.com'))[0];
    expect(ack.subject).toBe(`We hebben je klacht ontvangen (${(nl.json() as { reference: string }).reference})`);
    expect(ack.from).toContain('FlirtHaven Nederland');
  });

  it('refuses what is missing or wrong, naming the field', async () => {
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ ...valid('a@example.com'), name: '   ' }, 400, 'name_required', 'name'],
      [{ ...valid('not-an-address') }, 400, 'invalid_email', 'email'],
      [{ ...valid('a@example.com'), email: 'a@example.com, b@example.com' }, 400, 'invalid_email', 'email'],
      [{ ...valid('a@example.com'), text: '  too short         ' }, 400, 'text_too_short', 'text'],
      [{ ...valid('a@example.com'), topic: 'weather' }, 400, 'invalid_input'],
      [{ ...valid('a@example.com'), text: 'x'.repeat(COMPLAINT_LIMITS.text + 1) }, 400, 'invalid_input'],
      [{ ...valid('a@example.com'), status: 'closed' }, 400, 'invalid_input'],
    ];
    for (const [payload, status, code, field] of cases) {
      const res = await complain(payload);
      expect({ status: res.statusCode, code: res.json().error }, JSON.stringify(payload).slice(0, 80)).toEqual({ status, code });
      if (field) expect(res.json().params).toMatchObject({ field });
    }
    expect(await t.mails('a@example.com')).toEqual([]);
  });

  it(`takes ${COMPLAINT_LIMITS.perAddressPerDay} complaints per e-mail address a day, sent at once or not`, async () => {
    const email = 'busy@example.com';
    const results = await Promise.all(Array.from({ length: 5 }, () => complain(valid(email))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ error: 'too_many_complaints', params: { field: 'email', max: COMPLAINT_LIMITS.perAddressPerDay } });
    expect(await t.mails(email)).toHaveLength(3);
    // Another address is not affected; the same one again a day later.
    expect((await complain(valid('calm@example.com'))).statusCode).toBe(200);
    t.kernel.clock.advance(24 * 3600_000 + 1000);
    expect((await complain(valid(email))).statusCode).toBe(200);
  });

  it('takes a limited number of requests per IP address and hour', async () => {
    const remoteAddress = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i <= COMPLAINT_LIMITS.perIpPerHour; i++) codes.push((await complain(valid(`ip${i}@example.com`), { remoteAddress })).statusCode);
    expect(codes.slice(0, COMPLAINT_LIMITS.perIpPerHour).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await complain(valid('other-ip@example.com'))).statusCode).toBe(200);
  });
});
