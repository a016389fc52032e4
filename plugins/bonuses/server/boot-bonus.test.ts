// The member's time bonus rides in the HTML (boot data `time-bonus`), so the strip is in the first
// paint and in a server-rendered page instead of arriving with an API answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootDataIn, createShellTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { TimeBonus } from '../contract.ts';

let t: TestApp;
beforeAll(async () => { t = await createShellTestApp(); });
afterAll(async () => { await t?.close(); });

const bonusIn = (html: string) => bootDataIn(html)['time-bonus'] as TimeBonus | null;

describe('time bonus in the HTML', () => {
  it("carries a new member's bonus as timebonus.php answers it", async () => {
    const m = await addMember(t);
    await t.kernel.db.updateTable('users').set({ signup_date: t.kernel.clock.now() }).where('id', '=', m.id).execute();
    const api = (await t.call({ method: 'GET', url: '/api/timebonus.php', cookie: m.cookie })).json() as TimeBonus;
    expect(api.visible).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    const carried = bonusIn(page.body)!;
    expect(carried.code).toEqual(api.code && { ...api.code, ends_in: carried.code!.ends_in });
    expect(Math.abs(carried.remaining - api.remaining)).toBeLessThanOrEqual(1);
  });

  it('carries nothing for a visitor, and an ended bonus as not visible', async () => {
    expect(bonusIn((await t.app.inject({ method: 'GET', url: '/' })).body)).toBeNull();
    const m = await addMember(t);
    await t.kernel.db.updateTable('users').set({ signup_date: new Date(t.kernel.clock.now().getTime() - 5 * 3600_000) }).where('id', '=', m.id).execute();
    const page = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    expect(bonusIn(page.body)).toMatchObject({ visible: false, remaining: 0 });
  });
});
