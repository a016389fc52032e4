import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { creditsRef, type CreditsService } from '../server.ts';

let t: TestApp;
let credits: CreditsService;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  credits = t.kernel.services.get(creditsRef);
});
afterAll(async () => { await t?.close(); });

/** The ledger sums to the balance, and each entry's balance_after follows from the one before. */
async function expectLedgerConsistent(userId: number) {
  const entries = (await credits.entries(userId, { limit: 1000 })).reverse();
  let running = 0;
  for (const e of entries) {
    running += e.amount;
    expect(e.balance_after).toBe(running);
  }
  expect(running).toBe(await credits.balance(userId));
}

describe('credits: balance, spend, grant', () => {
  it('starts at 0 and not paid, grants and spends through the ledger, and refuses to go below zero', async () => {
    const m = await addMember(t);
    expect(await credits.account(m.id)).toEqual({ balance: 0, paid: false });
    expect(await credits.spend(m.id, 1, 'chat:text')).toEqual({ status: 'insufficient', balance: 0 });
    expect(await credits.grant(m.id, 30, 'signup')).toEqual({ status: 'granted', balance: 30 });
    expect(await credits.spend(m.id, 25, 'chat:gift')).toEqual({ status: 'spent', balance: 5 });
    expect(await credits.spend(m.id, 6, 'chat:text')).toEqual({ status: 'insufficient', balance: 5 });
    expect(await credits.balance(m.id)).toBe(5);
    expect((await credits.entries(m.id)).map((e) => [e.amount, e.reason])).toEqual([[-25, 'chat:gift'], [30, 'signup']]);
    await expectLedgerConsistent(m.id);
  });

  it('takes only whole positive amounts', async () => {
    const m = await addMember(t, { credits: 10 });
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(credits.spend(m.id, bad, 'x')).rejects.toThrow(/bad credit amount/);
      await expect(credits.grant(m.id, bad, 'x')).rejects.toThrow(/bad credit amount/);
    }
    expect(await credits.balance(m.id)).toBe(10);
  });

  it('50 parallel spends of the last credits: exactly the affordable ones succeed', async () => {
    const m = await addMember(t, { credits: 20 });
    const results = await Promise.all(Array.from({ length: 50 }, () => credits.spend(m.id, 3, 'chat:text')));
    expect(results.filter((r) => r.status === 'spent')).toHaveLength(6);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(44);
    expect(await credits.balance(m.id)).toBe(2);
    // Each success saw its own balance: 17, 14, ... 2, once each.
    expect(results.filter((r) => r.status === 'spent').map((r) => r.balance).sort((a, b) => a - b)).toEqual([2, 5, 8, 11, 14, 17]);
    await expectLedgerConsistent(m.id);
  });

  it('50 parallel grants with one reference credit once and leave one ledger entry', async () => {
    const m = await addMember(t, { credits: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => credits.grant(m.id, 100, 'purchase', `payment:${m.id}-a`)));
    expect(results.filter((r) => r.status === 'granted')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(49);
    expect(await credits.balance(m.id)).toBe(105);
    expect((await credits.entries(m.id)).filter((e) => e.reference === `payment:${m.id}-a`)).toHaveLength(1);
    // Later replays, alone or with other grants, change nothing either; another reference does.
    expect(await credits.grant(m.id, 100, 'purchase', `payment:${m.id}-a`)).toEqual({ status: 'duplicate', balance: 105 });
    const mixed = await Promise.all([
      credits.grant(m.id, 100, 'purchase', `payment:${m.id}-a`), credits.grant(m.id, 50, 'purchase', `payment:${m.id}-b`),
      credits.grant(m.id, 50, 'purchase', `payment:${m.id}-b`), credits.spend(m.id, 10, 'chat:gift'),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(['duplicate', expect.any(String), expect.any(String), 'spent']);
    expect(mixed.slice(1, 3).map((r) => r.status).sort()).toEqual(['duplicate', 'granted']);
    expect(await credits.balance(m.id)).toBe(145);
    await expectLedgerConsistent(m.id);
  });

  it('parallel grants with one reference for a member without an account row yet (no row to lock at first)', async () => {
    const m = await addMember(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => credits.grant(m.id, 7, 'purchase', `payment:${m.id}-first`)));
    expect(results.filter((r) => r.status === 'granted')).toHaveLength(1);
    expect(await credits.balance(m.id)).toBe(7);
    await expectLedgerConsistent(m.id);
  });

  it('spends with a reference once (a refund or chargeback taken back twice takes once)', async () => {
    const m = await addMember(t, { credits: 100 });
    const results = await Promise.all(Array.from({ length: 10 }, () => credits.spend(m.id, 40, 'refund', `refund:${m.id}`)));
    expect(results.filter((r) => r.status === 'spent')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(9);
    expect(await credits.balance(m.id)).toBe(60);
    await expectLedgerConsistent(m.id);
  });

  it('takes back at most the balance, once per reference, also when asked in parallel', async () => {
    const m = await addMember(t, { credits: 30 });
    const results = await Promise.all(Array.from({ length: 8 }, () => credits.takeBack(m.id, 50, 'chargeback', `reversal:tb-${m.id}`)));
    expect(results.filter((r) => !r.duplicate).map((r) => r.taken)).toEqual([30]);
    expect(results.filter((r) => r.duplicate)).toHaveLength(7);
    expect(await credits.balance(m.id)).toBe(0);
    // Nothing left: taken 0, no ledger entry, and the reference stays free.
    expect(await credits.takeBack(m.id, 5, 'chargeback', `reversal:tb2-${m.id}`)).toEqual({ taken: 0, balance: 0, duplicate: false });
    expect((await credits.entries(m.id)).map((e) => e.amount)).toEqual([-30, 30]);
    await expectLedgerConsistent(m.id);
  });

  it('refuses a reference that another member already used', async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    await credits.grant(a.id, 10, 'purchase', `payment:shared-${a.id}`);
    await expect(credits.grant(b.id, 10, 'purchase', `payment:shared-${a.id}`)).rejects.toThrow(/another member/);
    expect(await credits.balance(b.id)).toBe(0);
  });

  it('joins the caller\'s transaction: a rollback takes the change back', async () => {
    const m = await addMember(t, { credits: 10 });
    await expect(t.kernel.db.transaction().execute(async (trx) => {
      expect(await credits.spend(m.id, 4, 'chat:text', null, trx)).toEqual({ status: 'spent', balance: 6 });
      expect(await credits.grant(m.id, 50, 'purchase', `payment:${m.id}-rolled`, trx)).toEqual({ status: 'granted', balance: 56 });
      throw new Error('the message could not be stored');
    })).rejects.toThrow('could not be stored');
    expect(await credits.balance(m.id)).toBe(10);
    // The reference was never used: the retry credits.
    expect(await credits.grant(m.id, 50, 'purchase', `payment:${m.id}-rolled`)).toEqual({ status: 'granted', balance: 60 });
    await expectLedgerConsistent(m.id);
  });
});

describe('credits: premium', () => {
  it('marks a member paid once, and answers for one member and for many', async () => {
    const a = await addMember(t);
    const b = await addMember(t, { credits: 3 });
    const c = await addMember(t);
    expect(await credits.isPaid(a.id)).toBe(false);
    expect(await credits.markPaid(a.id)).toEqual({ changed: true });
    expect(await credits.markPaid(a.id)).toEqual({ changed: false });
    expect(await credits.isPaid(a.id)).toBe(true);
    expect(await credits.markPaidAll([b.id, a.id])).toBe(1);
    expect(await credits.account(b.id)).toEqual({ balance: 3, paid: true });
    expect(await credits.paidAmong([a.id, b.id, c.id, 999999])).toEqual(new Set([a.id, b.id]));
    expect(await credits.paidAmong([])).toEqual(new Set());
  });

  it('puts the balance and the paid flag in the user object, fresh after every change', async () => {
    const m = await addMember(t, { credits: 12 });
    const user = async () => (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user;
    expect(await user()).toMatchObject({ credits: 12, paid_user: false });
    await credits.spend(m.id, 2, 'chat:text');
    expect(await user()).toMatchObject({ credits: 10, paid_user: false });
    await credits.markPaid(m.id);
    expect(await user()).toMatchObject({ credits: 10, paid_user: true });
    await credits.grant(m.id, 90, 'purchase', `payment:${m.id}-view`);
    expect(await user()).toMatchObject({ credits: 100, paid_user: true });
  });

  it('shows the premium badge in member lists and profiles', async () => {
    const viewer = await addMember(t);
    const paid = await addMember(t, { premium: true });
    const free = await addMember(t);
    const profile = async (id: number) => (await t.call({ method: 'GET', url: `/api/member.php?id=${id}`, cookie: viewer.cookie })).json().profile;
    expect((await profile(paid.id)).premium).toBe(true);
    expect((await profile(free.id)).premium).toBe(false);
  });
});
