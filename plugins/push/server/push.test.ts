import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import type { MailContent } from '../../../kernel/server/mail.ts';
import type { NotificationsService } from '../../notifications/server.ts';
import type { PushService } from '../server.ts';
import type { PushPayload } from '../contract.ts';

/** What the local push service received. */
interface Received { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer }

let t: TestApp;
let server: http.Server;
let origin: string;
const received: Received[] = [];
/** Status the push service answers per path (201 Created unless set). */
const statusFor = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusFor.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server ? server.close(resolve) : resolve(undefined));
  await t?.close();
});
beforeEach(() => { received.length = 0; });

type Member = Awaited<ReturnType<typeof addMember>>;
const push = () => t.kernel.services.get<PushService>('push');
const notifications = () => t.kernel.services.get<NotificationsService>('notifications');
const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** A browser's push subscription: its own ECDH key pair and auth secret, an endpoint on the local push service. */
function browser() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16).toString('base64url');
  const path = `/push/${crypto.randomBytes(9).toString('hex')}`;
  const endpoint = `${origin}${path}`;
  return { ecdh, auth, path, endpoint, sub: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url', 'uncompressed'), auth } } };
}
type Browser = ReturnType<typeof browser>;

const subscribe = (m: Member | null, sub: object) => t.call({ method: 'POST', url: '/api/user.php?push=1', ...(m ? { cookie: m.cookie } : {}), payload: sub });
const rows = (userId: number) => t.database.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
const publicKey = async () => ((await t.call({ method: 'GET', url: '/api/settings.php' })).json() as { settings: { push_public_key: string } }).settings.push_public_key;
const decrypt = (b: Browser, body: Buffer) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8')) as unknown;
const payload = (tag: string): PushPayload => ({ title: 'Anna wrote to you', body: 'Hi there! 👋', url: '/chats/7', tag });

async function mailFor(m: Member): Promise<MailContent> {
  return {
    to: m.email, locale: 'en', site: await t.kernel.sites.resolve('localhost'),
    userId: m.id, category: 'new_messages', subject: 'New message', heading: 'You have a new message', paragraphs: ['Anna wrote to you.'],
  };
}

describe('push: VAPID key in the settings', () => {
  it('publishes a stable P-256 public key', async () => {
    const key = await publicKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = Buffer.from(key, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(0x04);
    expect(await publicKey()).toBe(key);
  });
});

describe('push: subscribing', () => {
  it('saves a subscription on POST /api/user.php?push=1, while plain POST /api/user.php still logs in', async () => {
    const m = await addMember(t);
    const b = browser();
    const res = await subscribe(m, b.sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: true });
    expect(await rows(m.id)).toEqual([expect.objectContaining({ endpoint: b.endpoint, p256dh: b.sub.keys.p256dh, auth: b.auth })]);

    const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password: m.password }, remoteAddress: '10.77.0.1' });
    expect(login.statusCode).toBe(200);
    expect((login.json() as { user: { id: number } }).user.id).toBe(m.id);
  });

  it('refuses a bad endpoint (400) and a caller without a session (403)', async () => {
    const m = await addMember(t);
    const bad = await subscribe(m, { ...browser().sub, endpoint: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input', params: { field: 'endpoint' } });

    const anon = await subscribe(null, browser().sub);
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error: 'authentication_required' });
    expect(await rows(m.id)).toEqual([]);
  });
});

describe('push: sending', () => {
  it('delivers an encrypted payload with a VAPID signature to the push service', async () => {
    const m = await addMember(t);
    const b = browser();
    expect((await subscribe(m, b.sub)).statusCode).toBe(200);
    const sent = payload('chat-1');
    expect(await push().send(m.id, sent)).toBe(1);

    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r.method).toBe('POST');
    expect(r.path).toBe(b.path);
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    const authz = String(r.headers.authorization);
    expect(authz.startsWith('vapid t=')).toBe(true);
    const m1 = authz.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
    expect(m1).not.toBeNull();
    const [, jwt, k] = m1!;
    const key = await publicKey();
    expect(k).toBe(key);
    const [h, p, sig] = jwt.split('.');
    expect(b64json(h)).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    const claims = b64json(p);
    expect(claims.aud).toBe(origin);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(String(claims.sub)).toMatch(/^mailto:/);
    // The JWT is signed by the private half of the published key.
    const raw = Buffer.from(key, 'base64url');
    const verifier = crypto.createPublicKey({ format: 'jwk', key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') } });
    expect(crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'))).toBe(true);

    expect(r.body.length).toBeGreaterThan(0);
    expect(r.body.includes(Buffer.from('Anna wrote'))).toBe(false);
    expect(decrypt(b, r.body)).toEqual(sent);
    const [row] = await rows(m.id);
    expect(row.last_sent_at).not.toBeNull();
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const m = await addMember(t);
    const b = browser();
    expect((await subscribe(m, b.sub)).statusCode).toBe(200);
    statusFor.set(b.path, 410);
    expect(await push().send(m.id, payload('chat-2'))).toBe(0);
    expect(received.map((r) => r.path)).toEqual([b.path]);
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', b.endpoint).execute()).toEqual([]);
    received.length = 0;
    expect(await push().send(m.id, payload('chat-2'))).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('push: notifyAway', () => {
  it('pushes to an away member, says none once the category is off, and mails a member without a subscription', async () => {
    const m = await addMember(t);
    const b = browser();
    expect((await subscribe(m, b.sub)).statusCode).toBe(200);
    expect(await t.kernel.realtime.isAway(m.id)).toBe(true);

    let mailAsked = 0;
    const mail = async () => { mailAsked++; return mailFor(m); };
    const notice = payload('chat-3');
    expect(await notifications().notifyAway(m.id, 'new_messages', { push: notice, mail })).toBe('push');
    expect(received).toHaveLength(1);
    expect(decrypt(b, received[0].body)).toEqual(notice);
    expect(mailAsked).toBe(0);
    expect(await t.mails(m.email)).toHaveLength(0);

    const off = await t.call({ method: 'PUT', url: '/api/notifications.php', cookie: m.cookie, payload: { notifications_disabled: ['new_messages'] } });
    expect(off.statusCode).toBe(200);
    received.length = 0;
    expect(await notifications().notifyAway(m.id, 'new_messages', { push: notice, mail })).toBe('none');
    expect(received).toEqual([]);
    expect(mailAsked).toBe(0);

    const other = await addMember(t);
    expect(await notifications().notifyAway(other.id, 'new_messages', { push: notice, mail: () => mailFor(other) })).toBe('mail');
    expect(received).toEqual([]);
    const mails = await t.mails(other.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('New message');
  });
});

describe('push: unsubscribing', () => {
  it('removes the subscription on DELETE /api/push.php', async () => {
    const m = await addMember(t);
    const keep = browser();
    const drop = browser();
    expect((await subscribe(m, keep.sub)).statusCode).toBe(200);
    expect((await subscribe(m, drop.sub)).statusCode).toBe(200);
    expect(await rows(m.id)).toHaveLength(2);

    // Someone else cannot remove it.
    const stranger = await addMember(t);
    expect((await t.call({ method: 'DELETE', url: '/api/push.php', cookie: stranger.cookie, payload: { endpoint: drop.endpoint } })).statusCode).toBe(200);
    expect(await rows(m.id)).toHaveLength(2);

    const res = await t.call({ method: 'DELETE', url: '/api/push.php', cookie: m.cookie, payload: { endpoint: drop.endpoint } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: false });
    expect((await rows(m.id)).map((r) => r.endpoint)).toEqual([keep.endpoint]);
    expect(await push().send(m.id, payload('chat-4'))).toBe(1);
    expect(received.map((r) => r.path)).toEqual([keep.path]);
  });
});
