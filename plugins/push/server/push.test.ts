import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from '../../../kernel/server/testing.ts';
import { serverPlugins } from '../../server.ts';
import { createPushPlugin } from '../server.ts';
import { endpointProblem, forbiddenAddress, httpsPoster, type PushNet, type ResolvedAddress } from './sender.ts';
import type { MailContent } from '../../../kernel/server/mail.ts';
import type { NotificationsService } from '../../notifications/server.ts';
import type { PushService } from '../server.ts';
import type { PushPayload } from '../contract.ts';
import { notificationsRef } from '../../notifications/server.ts';
import { pushRef } from '../server.ts';

/** What the local push service received. */
interface Received { method: string; path: string; headers: http.IncomingHttpHeaders; body: Buffer }

let t: TestApp;
let server: http.Server;
let origin: string;
const received: Received[] = [];
/** Status the push service answers per path (201 Created unless set). */
const statusFor = new Map<string, number>();

/**
 * No network here: the push services' DNS answers from `dnsAnswers` (a public Google address
 * unless set), and the HTTPS call goes to the local push service below, recording the address the
 * sender checked and pinned.
 */
const PUBLIC: ResolvedAddress[] = [{ address: '142.250.185.74', family: 4 }];
const dnsAnswers = new Map<string, ResolvedAddress[]>();
const lookups: string[] = [];
const pinned: string[] = [];
const stubNet: PushNet = {
  resolve: async (host) => { lookups.push(host); return dnsAnswers.get(host) ?? PUBLIC; },
  post: async ({ url, address }, request) => {
    pinned.push(address);
    const res = await fetch(`${origin}${url.pathname}`, { method: request.method, headers: request.headers, body: new Uint8Array(request.body), redirect: 'manual' });
    return res.status;
  },
};

beforeAll(async () => {
  t = await createTestApp({ profiles: 0, plugins: serverPlugins.map((p) => (p.id === 'push' ? createPushPlugin(stubNet) : p)) });
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
beforeEach(() => { received.length = 0; lookups.length = 0; pinned.length = 0; dnsAnswers.clear(); });

type Member = Awaited<ReturnType<typeof addMember>>;
const push = () => t.kernel.services.get(pushRef);
const notifications = () => t.kernel.services.get(notificationsRef);
const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** A browser's push subscription: its own ECDH key pair and auth secret, an FCM endpoint (served by the local push service). */
function browser(host = 'fcm.googleapis.com') {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16).toString('base64url');
  const path = `/fcm/send/${crypto.randomBytes(9).toString('hex')}`;
  const endpoint = `https://${host}${path}`;
  return { ecdh, auth, path, endpoint, sub: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url', 'uncompressed'), auth } } };
}
type Browser = ReturnType<typeof browser>;

// Each from its own address: subscribing is rate-limited per address.
const subscribe = (m: Member | null, sub: object) => t.call({
  method: 'POST', url: '/api/user.php?push=1', ...(m ? { cookie: m.cookie } : {}), payload: sub, remoteAddress: `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
});
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

    // Not https, not a push service, tricks with the host name: each refused with the reason.
    const cases: [string, string][] = [
      [`http://127.0.0.1:${9}/internal`, 'must be an https:// address'],
      ['http://fcm.googleapis.com/fcm/send/abc', 'must be an https:// address'],
      ['ftp://fcm.googleapis.com/x', 'must be an https:// address'],
      ['https://127.0.0.1/fcm/send/abc', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://[::1]/fcm/send/abc', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://evil.example/push', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://fcm.googleapis.com.evil.example/fcm/send/abc', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://evilpush.apple.com/x', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://localhost/x', 'is not the address of a known push service (FCM, Mozilla, Apple, Windows)'],
      ['https://user:pw@fcm.googleapis.com/fcm/send/abc', 'must not contain a user name or password'],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', 'must use the standard https port'],
    ];
    for (const [endpoint, reason] of cases) {
      const res = await subscribe(m, { ...browser().sub, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({ error: 'invalid_input', message: `request/endpoint ${reason}`, params: { field: 'endpoint' } });
    }

    const anon = await subscribe(null, browser().sub);
    expect(anon.statusCode).toBe(403);
    expect(anon.json()).toMatchObject({ error: 'authentication_required' });
    expect(await rows(m.id)).toEqual([]);
  });
});

describe('push: which endpoints', () => {
  it('accepts the known push services', async () => {
    const m = await addMember(t);
    for (const host of ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'eu.push.services.mozilla.com', 'web.push.apple.com', 'db5p.notify.windows.com']) {
      expect(endpointProblem(`https://${host}/x`), host).toBeNull();
      expect((await subscribe(m, browser(host).sub)).statusCode, host).toBe(200);
    }
    expect(endpointProblem('https://fcm.googleapis.com:443/x')).toBeNull();
  });

  it('classifies addresses: private, loopback, link-local, unique-local, multicast refused', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255',
      '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', 'not-an-ip']) {
      expect(forbiddenAddress(a), a).toBe(true);
    }
    for (const a of ['142.250.185.74', '8.8.8.8', '172.32.0.1', '2a00:1450:4001:80b::200a', '2606:4700::1111']) expect(forbiddenAddress(a), a).toBe(false);
  });
});

describe('push: sending', () => {
  it('sends nothing when the push host resolves to an internal address (checked at every send)', async () => {
    const m = await addMember(t);
    const b = browser('web.push.apple.com');
    expect((await subscribe(m, b.sub)).statusCode).toBe(200);
    for (const answer of [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.7', family: 4 }], [{ address: '169.254.169.254', family: 4 }],
      [{ address: '::1', family: 6 }], [{ address: 'fd00::1', family: 6 }], [{ address: 'ff02::1', family: 6 }],
      [...PUBLIC, { address: '192.168.0.10', family: 4 }], []]) {
      dnsAnswers.set('web.push.apple.com', answer);
      expect(await push().send(m.id, payload('chat-dns')), JSON.stringify(answer)).toBe(0);
    }
    expect(pinned).toEqual([]);
    expect(received).toEqual([]);
    // The subscription stays (DNS may be wrong for a while); with a public answer it works again.
    dnsAnswers.set('web.push.apple.com', [{ address: '17.188.0.1', family: 4 }]);
    expect(await push().send(m.id, payload('chat-dns'))).toBe(1);
    expect(pinned).toEqual(['17.188.0.1']);
  });

  it('does not count a redirect as delivered (and does not follow it)', async () => {
    const m = await addMember(t);
    const b = browser();
    expect((await subscribe(m, b.sub)).statusCode).toBe(200);
    statusFor.set(b.path, 307);
    expect(await push().send(m.id, payload('chat-redirect'))).toBe(0);
    expect(received.map((r) => r.path)).toEqual([b.path]);
    expect(await rows(m.id)).toHaveLength(1);
  });

  it('drops a stored subscription that breaks the rules without calling it', async () => {
    const m = await addMember(t);
    await t.database.db.insertInto('push_subscriptions').values({ user_id: m.id, endpoint: `${origin}/internal`, p256dh: 'x'.repeat(20), auth: 'y'.repeat(20) }).execute();
    expect(await push().send(m.id, payload('chat-old'))).toBe(0);
    expect(received).toEqual([]);
    expect(lookups).toEqual([]);
    expect(await rows(m.id)).toEqual([]);
  });

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
    expect(claims.aud).toBe('https://fcm.googleapis.com');
    // Resolved, checked, and sent to the checked address.
    expect(lookups).toEqual(['fcm.googleapis.com']);
    expect(pinned).toEqual(['142.250.185.74']);
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

// The real poster over HTTPS (a local TLS server with a certificate for fcm.googleapis.com, made once
// with openssl for this test, valid 2000-2100): it connects to the checked address without asking DNS again, checks
// the certificate against the host name, and follows no redirect.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgavFXRM3bMVkhSrBS
Y5lvNrTjABv+9uB07msoydN/12ehRANCAAT4V7sbNPyFNlEzTfrvBhfbw+3JFKr1
bQx9y0KdC6ywYmNlCVK61MO2PXGBo9h7GQ8QEiYj3UwwOvsIqyXWx88y
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBfDCCASKgAwIBAgIBATAKBggqhkjOPQQDAjAdMRswGQYDVQQDDBJmY20uZ29v
Z2xlYXBpcy5jb20wIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMB0x
GzAZBgNVBAMMEmZjbS5nb29nbGVhcGlzLmNvbTBZMBMGByqGSM49AgEGCCqGSM49
AwEHA0IABPhXuxs0/IU2UTNN+u8GF9vD7ckUqvVtDH3LQp0LrLBiY2UJUrrUw7Y9
cYGj2HsZDxASJiPdTDA6+wirJdbHzzKjUTBPMB0GA1UdEQQWMBSCEmZjbS5nb29n
bGVhcGlzLmNvbTAPBgNVHRMBAf8EBTADAQH/MB0GA1UdDgQWBBSAeXIkGLwiVIrw
HOAKly12v2Ns6TAKBggqhkjOPQQDAgNIADBFAiAbfKeQ4UiYdVrR3V94dllXzurS
SiiE9mxkReny0RVB8wIhAJpQ1XCWR0WtC+/zEd6J9ygPZVgmmd9jOsZsAo48qi3x
-----END CERTIFICATE-----`;

describe('push: the HTTPS poster', () => {
  it('posts to the pinned address with the host name for TLS, and returns a redirect instead of following it', async () => {
    const hits: { path: string; host?: string; servername?: string; body: string }[] = [];
    const tls = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ path: req.url ?? '', host: req.headers.host, servername: (req.socket as import('node:tls').TLSSocket).servername || undefined, body: Buffer.concat(chunks).toString() });
        if (req.url === '/fcm/send/moved') res.writeHead(301, { location: `${origin}/internal` }).end();
        else res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const post = httpsPoster({ port: (tls.address() as AddressInfo).port, ca: TEST_CERT });
      const request = { method: 'POST', headers: { ttl: '60' }, body: Buffer.from('sealed') };
      // fcm.googleapis.com has no DNS here: only the pinned address can have been used.
      expect(await post({ url: new URL('https://fcm.googleapis.com/fcm/send/abc'), address: '127.0.0.1', family: 4 }, request)).toBe(201);
      expect(await post({ url: new URL('https://fcm.googleapis.com/fcm/send/moved'), address: '127.0.0.1', family: 4 }, request)).toBe(301);
      expect(hits.map((h) => h.path)).toEqual(['/fcm/send/abc', '/fcm/send/moved']);
      expect(hits[0]).toMatchObject({ servername: 'fcm.googleapis.com', body: 'sealed' });
      expect(hits[0].host).toMatch(/^fcm\.googleapis\.com/);
      expect(received).toEqual([]); // the redirect target was never called
      // A certificate for another name is refused.
      await expect(post({ url: new URL('https://updates.push.services.mozilla.com/x'), address: '127.0.0.1', family: 4 }, request)).rejects.toThrow();
    } finally {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
