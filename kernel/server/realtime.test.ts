import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, socketEvents, type TestApp } from './testing.ts';
import Type from 'typebox';
import { originHost, parseFrame, POLICY_VIOLATION } from './realtime.ts';
import { socketMessage } from '../contract/realtime.ts';

// Real sockets over a real port: what a browser (or an attacker's script) does.
let t: TestApp;
let port: number;
const handled: unknown[] = [];

declare module '../contract/realtime.ts' {
  interface RealtimeEvents { 'test:echoed': { n: unknown } }
}
// Messages of the kind plugins define: one that answers, two whose handlers fail.
const echo = socketMessage({ type: 'test:echo', schema: Type.Object({ n: Type.Optional(Type.Unknown()) }) });
const throws = socketMessage({ type: 'test:throw', schema: Type.Object({}) });
const rejects = socketMessage({ type: 'test:reject', schema: Type.Object({}) });
const strict = socketMessage({ type: 'test:strict', schema: Type.Object({ id: Type.Integer({ minimum: 1 }) }) });

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  t.kernel.realtime.onMessage(echo, async (userId, msg) => {
    handled.push(msg);
    await t.kernel.realtime.publish(userId, { type: 'test:echoed', n: msg.n });
  });
  t.kernel.realtime.onMessage(throws, () => { throw new Error('handler bug (sync)'); });
  t.kernel.realtime.onMessage(rejects, async () => { throw new Error('handler bug (async)'); });
  t.kernel.realtime.onMessage(strict, (_userId, msg) => { handled.push({ strict: msg.id }); });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await t?.close(); });

type Member = Awaited<ReturnType<typeof addMember>>;

/** Opens /api/socket as the member; resolves once open, or with the HTTP status the upgrade got. */
function open(m: Member | null, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket`, { headers: { ...(m ? { cookie: m.cookie } : {}), ...headers } });
  const { events, next } = socketEvents(ws);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const opened = new Promise<number>((resolve) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); res.resume(); ws.terminate(); });
    ws.once('error', () => resolve(0));
  });
  return { ws, events, opened, closed, next };
}

const alive = async () => (await fetch(`http://127.0.0.1:${port}/api/settings.php`)).status;

describe('realtime: frames that are no plain object', () => {
  it('ignores null, numbers, strings, arrays and junk; the socket and the process keep working', async () => {
    const m = await addMember(t);
    const s = open(m);
    expect(await s.opened).toBe(101);
    for (const frame of ['null', '1', '"x"', '[]', '[{"type":"test:echo"}]', 'true', '{', '', '{"type":null}', '{"type":{"a":1}}', '{"type":"__proto__"}', '{"type":"constructor"}', '{"type":"toString"}']) {
      s.ws.send(frame);
    }
    s.ws.send(Buffer.from('{"type":"test:echo","n":0}'), { binary: true });
    s.ws.send(JSON.stringify({ type: 'test:echo', n: 1 }));
    expect(await s.next('test:echoed')).toEqual({ type: 'test:echoed', n: 1 });
    expect(handled).toEqual([{ type: 'test:echo', n: 1 }]);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    expect(await alive()).toBe(200);
    s.ws.close();
    await s.closed;
  });

  it('hands a handler only frames that fit its message schema; the others are ignored', async () => {
    const m = await addMember(t);
    const s = open(m);
    expect(await s.opened).toBe(101);
    for (const frame of [{ type: 'test:strict' }, { type: 'test:strict', id: 0 }, { type: 'test:strict', id: 'x' }, { type: 'test:strict', id: 1.5 }, { type: 'test:strict', id: 7 }]) {
      s.ws.send(JSON.stringify(frame));
    }
    s.ws.send(JSON.stringify({ type: 'test:echo', n: 2 }));
    await s.next('test:echoed');
    expect(handled.filter((h) => typeof h === 'object' && h !== null && 'strict' in h)).toEqual([{ strict: 7 }]);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
    await s.closed;
  });

  it('closes a socket that sends an oversized frame (1009), the process keeps serving', async () => {
    const m = await addMember(t);
    const s = open(m);
    expect(await s.opened).toBe(101);
    s.ws.send(JSON.stringify({ type: 'test:echo', pad: 'x'.repeat(10_000) }));
    expect((await s.closed).code).toBe(1009);
    expect(handled.filter((h) => (h as { pad?: string }).pad)).toEqual([]);
    expect(await alive()).toBe(200);
  });

  it('parseFrame accepts plain objects only', () => {
    expect(parseFrame('{"type":"a"}')).toEqual({ type: 'a' });
    for (const text of ['null', '1', '"x"', '[]', 'true', '', '{']) expect(parseFrame(text)).toBeNull();
  });
});

describe('realtime: handlers that fail', () => {
  for (const type of ['test:throw', 'test:reject']) {
    it(`${type}: closes that socket with ${POLICY_VIOLATION}, leaves the member's other sockets and the process alone`, async () => {
      const m = await addMember(t);
      const bad = open(m);
      const good = open(m);
      expect([await bad.opened, await good.opened]).toEqual([101, 101]);
      bad.ws.send(JSON.stringify({ type }));
      expect((await bad.closed).code).toBe(POLICY_VIOLATION);
      expect(good.ws.readyState).toBe(WebSocket.OPEN);
      good.ws.send(JSON.stringify({ type: 'test:echo', n: 2 }));
      expect(await good.next('test:echoed')).toMatchObject({ n: 2 });
      expect(await alive()).toBe(200);
      // The member reconnects as usual.
      const again = open(m);
      expect(await again.opened).toBe(101);
      for (const s of [good, again]) s.ws.close();
    });
  }
});

describe('realtime: who may open a socket', () => {
  it('refuses Origin: null, malformed and foreign origins with 403 (not 500), accepts its own and none', async () => {
    const m = await addMember(t);
    for (const origin of ['null', 'not a url', 'http://', 'https://evil.example', `http://127.0.0.1:${port}.evil.example`, 'file:///etc/passwd', `javascript://127.0.0.1:${port}`]) {
      const s = open(m, { origin });
      expect(await s.opened, origin).toBe(403);
    }
    expect(await open(null).opened).toBe(403);
    const own = open(m, { origin: `http://127.0.0.1:${port}` });
    const none = open(m);
    expect([await own.opened, await none.opened]).toEqual([101, 101]);
    for (const s of [own, none]) s.ws.close();
    expect(await alive()).toBe(200);
  });

  it('originHost reads http(s) origins only', () => {
    expect(originHost('https://example.com:8443')).toBe('example.com:8443');
    expect(originHost('null')).toBeNull();
    expect(originHost('file:///x')).toBeNull();
    expect(originHost('')).toBeNull();
  });
});
