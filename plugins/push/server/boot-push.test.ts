// Where a member's browser stands on push rides in the HTML (boot data `push`, from the cookie the
// browser writes), as do the alerts it dismissed (the kernel's `dismissed`): a page the server renders
// carries the alert the browser will show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootDataIn, createShellTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createShellTestApp(); });
afterAll(async () => { await t?.close(); });

const page = async (cookie: string) => bootDataIn((await t.app.inject({ method: 'GET', url: '/chats', headers: { cookie } })).body);

describe('push state and dismissals in the HTML', () => {
  it("carries a member's push state and dismissed alerts as their browser's cookies name them", async () => {
    const m = await addMember(t);
    const data = await page(`${m.cookie}; push_state=not-subscribed; dismissed=enrich-alert.push-alert`);
    expect(data.push).toBe('not-subscribed');
    expect(data.dismissed).toEqual(['enrich-alert', 'push-alert']);
    const none = await page(m.cookie);
    expect(none.push).toBeNull();
    expect(none.dismissed).toBeNull();
  });

  it('ignores what is not a push state or a dismissal key, and carries no push state for a visitor', async () => {
    const m = await addMember(t);
    const forged = await page(`${m.cookie}; push_state=%3Cscript%3E; dismissed=%3Cb%3E..Push-Alert.${'x'.repeat(41)}.ok-key`);
    expect(forged.push).toBeNull();
    expect(forged.dismissed).toEqual(['ok-key']);
    const visitor = bootDataIn((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'push_state=unknown' } })).body);
    expect(visitor.push).toBeNull();
  });
});
