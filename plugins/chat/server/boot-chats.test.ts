// /chats carries the member's conversations (boot data `chats`, as chats.php answers them): the page
// is rendered on the server with the list in it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootDataIn, createShellTestApp, type TestApp } from '../../../kernel/server/testing.ts';

let t: TestApp;
beforeAll(async () => { t = await createShellTestApp(); });
afterAll(async () => { await t?.close(); });

describe('the chat list in the HTML', () => {
  it('carries the list on /chats as chats.php answers it, and nowhere else', async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    const sent = await t.call({ method: 'POST', url: '/api/messages.php', cookie: a.cookie, payload: { to: b.id, kind: 'text', text: 'Hello there!', key: crypto.randomBytes(9).toString('base64url') } });
    expect(sent.statusCode, sent.body).toBe(200);
    const api = (await t.call({ method: 'GET', url: '/api/chats.php', cookie: b.cookie })).json() as { chats: unknown[] };
    expect(api.chats).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: '/chats', headers: { cookie: b.cookie } });
    expect(bootDataIn(page.body).chats).toEqual(api);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/members', headers: { cookie: b.cookie } });
    expect(bootDataIn(elsewhere.body).chats).toBeNull();
    // A visitor is sent to log in: nothing of anyone's.
    expect(bootDataIn((await t.app.inject({ method: 'GET', url: '/chats' })).body).chats).toBeNull();
  });
});
