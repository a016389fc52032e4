import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, staffLogin, type TestApp } from '../../../kernel/server/testing.ts';

// The console's complaints: listed by status, answered by mail in the complaint's language (open →
// answered), closed and reopened; roles on every endpoint; each change audited with before/after.

let t: TestApp;
let op: { cookie: string; userId: number; email: string };
let admin: { cookie: string; userId: number };
let member: Awaited<ReturnType<typeof addMember>>;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  op = await staffLogin(t, 'operator');
  admin = await staffLogin(t, 'admin');
  member = await addMember(t);
});
afterAll(() => t?.close());

let ip = 0;
const complain = async (email: string, language = 'nl') => {
  const res = await t.call({
    method: 'POST', url: '/api/complaints.php', remoteAddress: `198.51.100.${++ip}`,
    payload: { name: 'Eva Jansen', email, topic: 'payment', text: 'I was charged twice for 150 credits on 3 March.', language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { reference: string }).reference;
};
const post = (url: string, payload: object, who: { cookie: string }) => t.call({ method: 'POST', url, payload, cookie: who.cookie });
const get = (url: string, who: { cookie: string }) => t.call({ method: 'GET', url, cookie: who.cookie });

describe('complaints in the console', () => {
  it('404 for visitors and members, served to operators and admins', async () => {
    const reference = await complain('roles@example.com');
    const { items: [c] } = (await get(`/api/operator/complaints/list?q=${reference}`, op)).json();
    const calls: [string, string, object?][] = [
      ['GET', '/api/operator/complaints/list'],
      ['GET', `/api/operator/complaints/complaint?id=${c.id}`],
      ['POST', '/api/operator/complaints/answer', { id: 999999, text: 'Thank you for writing to us.' }],
      ['POST', '/api/operator/complaints/status', { id: 999999, status: 'closed' }],
    ];
    for (const [method, url, payload] of calls) {
      const as = (cookie?: string) => t.call({ method: method as 'GET' | 'POST', url, payload, cookie });
      expect((await as()).statusCode, `${url} visitor`).toBe(404);
      expect((await as(member.cookie)).statusCode, `${url} member`).toBe(404);
      for (const who of [op, admin]) {
        const res = await as(who.cookie);
        if (method === 'GET') expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        else expect(res.json().error, `${url} ${res.body}`).toBe('complaint_not_found');
      }
    }
  });

  it('answers a complaint by mail in its language, then closes it; every step in the audit log', async () => {
    const email = 'eva.answer@example.com';
    const reference = await complain(email, 'nl');
    const open = (await get('/api/operator/complaints/list?status=open', op)).json();
    const item = open.items.find((c: { reference: string }) => c.reference === reference);
    expect(item).toMatchObject({ status: 'open', email, name: 'Eva Jansen', topic: 'payment', locale: 'nl', answers: 0, last_answer_at: null });

    expect((await post('/api/operator/complaints/answer', { id: item.id, text: 'Too short' }, op)).json()).toMatchObject({ error: 'answer_too_short', params: { field: 'text' } });
    const text = 'Beste Eva,\n\nWe hebben de dubbele betaling teruggestort.\n\nMet vriendelijke groet';
    const answered = await post('/api/operator/complaints/answer', { id: item.id, text }, op);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().complaint).toMatchObject({ status: 'answered', answers: 1 });
    expect(answered.json().answers[0]).toMatchObject({ text, staff: { id: op.userId, email: op.email } });

    const mails = await t.mails(email);
    const answer = mails.at(-1)!;
    expect(answer.subject).toBe(`Ons antwoord op je klacht (${reference})`);
    expect(answer.text).toContain('We hebben de dubbele betaling teruggestort.');
    expect(answer.text).toContain(reference);

    const closed = await post('/api/operator/complaints/status', { id: item.id, status: 'closed' }, op);
    expect(closed.json().complaint.status).toBe('closed');
    expect((await post('/api/operator/complaints/answer', { id: item.id, text: 'One more thing to add here.' }, op)).json().error).toBe('closed');
    expect((await get('/api/operator/complaints/list?status=closed', op)).json().items.map((c: { id: number }) => c.id)).toContain(item.id);

    const trail = (await t.kernel.audit.list({ target: `complaint:${reference}` })).reverse();
    expect(trail.map((a) => a.action)).toEqual(['complaints.answer', 'complaints.close']);
    expect(trail[0]).toMatchObject({ actor_id: op.userId, before: { status: 'open', answers: 0 }, after: { status: 'answered', answers: 1, answer: text } });
    expect(trail[1]).toMatchObject({ before: { status: 'answered' }, after: { status: 'closed' } });

    // Opened again, answered and closed in one go.
    await post('/api/operator/complaints/status', { id: item.id, status: 'open' }, admin);
    const last = await post('/api/operator/complaints/answer', { id: item.id, text: 'The refund has arrived now, we checked.', close: true }, admin);
    expect(last.json().complaint).toMatchObject({ status: 'closed', answers: 2 });
  });

  it('finds complaints by reference, address or name', async () => {
    const reference = await complain('findme@example.com', 'en');
    for (const q of [reference, 'FINDME@', 'eva jan']) {
      const res = (await get(`/api/operator/complaints/list?q=${encodeURIComponent(q)}`, op)).json();
      expect(res.items.some((c: { reference: string }) => c.reference === reference), q).toBe(true);
    }
    const detail = (await get(`/api/operator/complaints/complaint?id=${(await get(`/api/operator/complaints/list?q=${reference}`, op)).json().items[0].id}`, op)).json();
    expect(detail).toMatchObject({ complaint: { reference, status: 'open' }, answers: [] });
  });
});
