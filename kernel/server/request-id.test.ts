import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { addMember, createTestApp, type TestApp } from './testing.ts';
import { newRequestId, wellFormedRequestId } from './request-id.ts';
import Type from 'typebox';
import { socketMessage } from '../contract/realtime.ts';

const noted = socketMessage({ type: 'test:noted', schema: Type.Object({}) });

declare module './jobs.ts' {
  interface JobPayloads { 'kernel:request-id-test': Record<string, never> }
}

/** Log lines as an instance writes them (raw text kept: a key must not appear twice). */
function logCapture() {
  const lines: { raw: string; obj: Record<string, unknown> }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const raw of chunk.toString().split('\n').filter(Boolean)) lines.push({ raw, obj: JSON.parse(raw) as Record<string, unknown> });
      done();
    },
  });
  return { lines, stream, of: (reqId: string) => lines.filter((l) => l.obj.reqId === reqId) };
}

describe('newRequestId', () => {
  it('makes well-formed ids that do not repeat', () => {
    const ids = Array.from({ length: 1000 }, newRequestId);
    expect(ids.every(wellFormedRequestId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

const logs = logCapture();
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0, demo: false, log: { level: 'debug', stream: logs.stream } }); });
afterAll(async () => { await t?.close(); });

const send = (from: { cookie: string }, to: { id: number }, reqId: string, text: string) => t.call({
  method: 'POST', url: '/api/messages.php', cookie: from.cookie, headers: { 'x-request-id': reqId },
  payload: { to: to.id, kind: 'text', text, key: `k-${reqId.replace(/[^\w-]/g, '_')}` },
});

describe('request ids in the logs', () => {
  it('takes a well-formed X-Request-Id, answers with it, and every line written for the request carries it once', async () => {
    const a = await addMember(t, { premium: true, credits: 50 });
    const b = await addMember(t);
    const reqId = 'haproxy-7F000001:8296_4F7B0A69';
    const res = await send(a, b, reqId, 'Logged with its id');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-request-id']).toBe(reqId);
    // fastify's own lines (through req.log) and the kernel's (through kernel.log: the realtime hub).
    // With Redis the event comes back through its channel, maybe after the answer: its line is awaited.
    await vi.waitFor(() => expect(logs.of(reqId).map((l) => l.obj.msg))
      .toEqual(expect.arrayContaining(['incoming request', 'realtime event delivered', 'request completed'])), { timeout: 5000 });
    const mine = logs.of(reqId);
    for (const l of mine) expect(l.raw.split('"reqId"').length, l.raw).toBe(2);
  });

  it('replaces a malformed or missing X-Request-Id with its own', async () => {
    const seen = new Set<string>();
    for (const header of [undefined, 'short', 'x'.repeat(129), 'has spaces in it', '<script>alert(1)</script>', 'ünïcödé-12345']) {
      const res = await t.call({ method: 'GET', url: '/api/settings.php', headers: header === undefined ? {} : { 'x-request-id': header } });
      const id = String(res.headers['x-request-id']);
      expect(id, String(header)).not.toBe(header);
      expect(wellFormedRequestId(id)).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBe(6);
  });

  it('a job\'s lines carry the job\'s id, a socket message\'s lines an id of their own', async () => {
    const kind = 'kernel:request-id-test';
    t.kernel.jobs.handle(kind, async () => { t.kernel.log.info('request-id test job ran'); });
    const id = await t.kernel.jobs.enqueue(kind, {});
    await t.kernel.jobs.runDue({ periodic: 'none' });
    expect(logs.lines.find((l) => l.obj.msg === 'request-id test job ran')?.obj.reqId).toBe(`job-${id}`);
    // A socket message is work of its own: its handler's lines carry a fresh id.
    const m = await addMember(t);
    t.kernel.realtime.onMessage(noted, () => { t.kernel.log.info('request-id test message handled'); });
    const ws: WebSocket = await t.app.injectWS('/api/socket', { headers: { cookie: m.cookie } });
    ws.send(JSON.stringify({ type: 'test:noted' }));
    for (let i = 0; i < 50 && !logs.lines.some((l) => l.obj.msg === 'request-id test message handled'); i++) await new Promise((r) => setTimeout(r, 20));
    ws.terminate();
    expect(wellFormedRequestId(logs.lines.find((l) => l.obj.msg === 'request-id test message handled')?.obj.reqId)).toBe(true);
    const outside = logs.lines.length;
    t.kernel.log.info('written outside any request');
    expect(logs.lines[outside].obj).not.toHaveProperty('reqId');
  });
});

// Two instances need a shared database server and Redis between them: the PostgreSQL + Redis run
// of the suite (TEST_DATABASE_URL and REDIS_URL set) proves it; PGlite is one process by design.
describe.skipIf(!(process.env.TEST_DATABASE_URL && process.env.REDIS_URL))('request ids across instances', () => {
  it('the instance that delivers a realtime event logs the id of the request that published it on another', async () => {
    const bLogs = logCapture();
    const b2 = await createTestApp({ join: t, log: { level: 'debug', stream: bLogs.stream } });
    try {
      const a = await addMember(t, { premium: true, credits: 50 });
      const b = await addMember(t);
      const ws: WebSocket = await b2.app.injectWS('/api/socket', { headers: { cookie: b.cookie } });
      const got = new Promise<Record<string, unknown>>((resolve) => ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
      await new Promise((r) => setTimeout(r, 100)); // B's subscription is up
      const reqId = 'req-across-instances-0001';
      expect((await send(a, b, reqId, 'across instances')).statusCode).toBe(200);
      expect(await got).toMatchObject({ type: 'chat:message' });
      const delivered = bLogs.of(reqId).filter((l) => l.obj.msg === 'realtime event delivered');
      expect(delivered.map((l) => l.obj)).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'chat:message', sockets: 1 })]));
      // B served no request with that id: the id came with the event.
      expect(bLogs.of(reqId).some((l) => l.obj.msg === 'incoming request')).toBe(false);
      ws.terminate();
    } finally {
      await b2.close();
    }
  });
});
