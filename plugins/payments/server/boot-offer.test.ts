// /credits carries the member's offer (boot data `credits-offer`): the page is rendered on the server
// with the packages at the member's price, not after an API round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootDataIn, createShellTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createShellTestApp(); });
afterAll(async () => { await t?.close(); });

const offerIn = (html: string) => bootDataIn(html)['credits-offer'];

describe('the offer in the HTML of /credits', () => {
  it('is what credits.php answers the member, and only on /credits', async () => {
    const m = await addMember(t);
    const api = (await t.call({ method: 'GET', url: '/api/credits.php', cookie: m.cookie })).json() as Record<string, unknown>;
    expect(api.packages).toBeTruthy();
    const page = await t.app.inject({ method: 'GET', url: '/credits?from=nav', headers: { cookie: m.cookie } });
    // The very same JSON (fields and their order).
    expect(JSON.stringify(offerIn(page.body))).toBe(JSON.stringify(api));
    const elsewhere = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: m.cookie } });
    expect(offerIn(elsewhere.body)).toBeNull();
  });

  it('carries nothing for a visitor', async () => {
    expect(offerIn((await t.app.inject({ method: 'GET', url: '/credits' })).body)).toBeNull();
  });
});
