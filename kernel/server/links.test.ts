import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, type TestApp } from './testing.ts';
import { readConfig } from './config.ts';
import type { MailMessage } from './mail.ts';

/**
 * Links in mails point only to our own domains: each site's configured canonical_url, never the
 * Host or X-Forwarded-* headers of the request that caused the mail.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ profiles: 0 }); });
afterAll(async () => { await t?.close(); });

const URLS = /https?:\/\/[^\s"'<>]+/g;
/** Every absolute link a mail carries: text part, HTML part and headers. */
const linksOf = (m: MailMessage) => [
  ...(m.text.match(URLS) ?? []), ...(m.html.match(URLS) ?? []), ...Object.values(m.headers ?? {}).flatMap((v) => v.match(URLS) ?? []),
];
const expectOnly = (m: MailMessage, origin: string) => {
  const links = linksOf(m);
  expect(links.length).toBeGreaterThan(0);
  for (const l of links) expect(new URL(l).origin, l).toBe(origin);
  expect(JSON.stringify(m)).not.toContain('evil.example');
};
const reset = (email: string, headers: Record<string, string>) =>
  t.call({ method: 'POST', url: '/api/reset-password.php', payload: { email }, headers });

describe('links in mails come from the site\'s canonical_url', () => {
  it('exposes canonical_url in the site settings of every configured domain', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'localhost:3000' } })).json().settings;
    expect(s.canonical_url).toBe('http://localhost:3000');
    const de = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'de.localhost' } })).json().settings;
    expect(de).toMatchObject({ domain: 'de.localhost', canonical_url: 'http://de.localhost:3000' });
  });

  it('a reset mail asked for with a forged Host links only to the canonical origin', async () => {
    const m = await addMember(t);
    expect((await reset(m.email, { host: 'evil.example' })).statusCode).toBe(200);
    const mail = (await t.mails(m.email)).at(-1)!;
    expect(mail.text).toContain('http://localhost:3000/reset-password/do?token=');
    expectOnly(mail, 'http://localhost:3000');
  });

  it('a reset mail on another configured domain links to that domain\'s canonical origin', async () => {
    const m = await addMember(t);
    await reset(m.email, { host: 'de.localhost:8080' });
    expectOnly((await t.mails(m.email)).at(-1)!, 'http://de.localhost:3000');
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto without TRUST_PROXY', async () => {
    const m = await addMember(t);
    await reset(m.email, { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expectOnly((await t.mails(m.email)).at(-1)!, 'http://localhost:3000');
    // Nor does it pick the site or make the session cookie "secure".
    const s = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'localhost', 'x-forwarded-host': 'de.localhost' } })).json().settings;
    expect(s.domain).toBe('localhost');
    const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password: m.password }, headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '198.51.100.7' });
    expect(login.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
  });

  it('takes the visitor country from CF-IPCountry only behind a trusted proxy', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { 'cf-ipcountry': 'DE', 'accept-language': 'nl-NL' } })).json().settings;
    expect(s.geoip_country).toBe('NL');
  });

  it('gives a request for an unknown Host the default site and its canonical origin', async () => {
    const s = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'evil.example' } })).json().settings;
    expect(s).toMatchObject({ domain: 'localhost', canonical_url: 'http://localhost:3000' });
    const forced = (await t.call({ method: 'GET', url: '/api/settings.php?forced_domain=evil.example' })).json().settings;
    expect(forced).toMatchObject({ domain: 'localhost', canonical_url: 'http://localhost:3000' });
  });

  it('marks the session cookie secure on a site whose canonical_url is https', async () => {
    await t.kernel.sites.update('secure.localhost', { canonical_url: 'https://secure.localhost' });
    const m = await addMember(t);
    const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password: m.password }, headers: { host: 'secure.localhost' }, remoteAddress: '198.51.100.8' });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('chat away mails link to the recipient\'s site, never to the sender\'s Host', async () => {
    const key = () => crypto.randomBytes(9).toString('base64url');
    const send = (from: { cookie: string }, to: { id: number }, headers: Record<string, string>) => t.call({
      method: 'POST', url: '/api/messages.php', cookie: from.cookie, headers, payload: { to: to.id, kind: 'text', text: 'Hello there!', key: key() },
    });
    const notices = async () => { t.kernel.clock.advance(3000); await t.kernel.jobs.runDue({ periodic: 'none' }); };
    const a = await addMember(t, { name: 'Sender', premium: true, credits: 100 });
    const b = await addMember(t, { name: 'Receiver' });
    const first = await send(a, b, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(first.statusCode).toBe(200);
    await notices();
    const mail = (await t.mails(b.email)).at(-1)!;
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/chats\/\d+/);
    expectOnly(mail, 'http://localhost:3000');
    const stored = await t.kernel.db.selectFrom('chat_members').select(['origin']).where('conversation_id', '=', first.json().conversation_id).execute();
    for (const r of stored) expect(r.origin ?? '').not.toContain('evil');

    // The recipient used the conversation on de.localhost: their notices link there.
    await t.call({ method: 'PUT', url: '/api/chat.php', cookie: b.cookie, payload: { id: first.json().conversation_id, read: true } });
    expect((await send(b, a, { host: 'de.localhost' })).statusCode).toBe(200);
    await send(a, b, { host: 'evil.example' });
    await notices();
    const second = (await t.mails(b.email)).at(-1)!;
    expect(second).not.toBe(mail);
    expect(second.text).toMatch(/http:\/\/de\.localhost:3000\/chats\/\d+/);
    expectOnly(second, 'http://de.localhost:3000');
  });
});

describe('hosts and canonical origins', () => {
  it('answers 421 to an unknown Host when STRICT_HOSTS=1, and serves configured domains', async () => {
    const strict = { ...t.kernel.config };
    Object.assign(t.kernel.config, { strictHosts: true });
    try {
      const res = await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(421);
      expect(res.json().error).toBe('misdirected_request');
      expect((await t.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'www.de.localhost:3000' } })).statusCode).toBe(200);
    } finally {
      Object.assign(t.kernel.config, strict);
    }
  });

  it('refuses to start in production unless every canonical_url is https', async () => {
    await expect(t.kernel.sites.check({ production: true })).rejects.toThrow(/canonical_url.*https/);
    await expect(t.kernel.sites.check({ production: false })).resolves.toBeUndefined();
    await expect(t.kernel.sites.update('bad.localhost', { canonical_url: 'javascript:alert(1)' })).rejects.toThrow(/canonical_url/);
  });

  it('reads STRICT_HOSTS and TRUST_PROXY from the environment', () => {
    expect(readConfig({}).strictHosts).toBe(false);
    expect(readConfig({ STRICT_HOSTS: '1' }).strictHosts).toBe(true);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let p: TestApp;
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    try { p = await createTestApp({ profiles: 0 }); } finally { delete process.env.TRUST_PROXY; }
  });
  afterAll(async () => { await p?.close(); });

  it('lets X-Forwarded-Host pick a configured site, yet links still come from its canonical_url', async () => {
    const m = await addMember(p);
    await p.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email }, headers: { host: 'internal:8080', 'x-forwarded-host': 'de.localhost', 'x-forwarded-proto': 'https' } });
    const mail = (await p.mails(m.email)).at(-1)!;
    for (const l of linksOf(mail)) expect(new URL(l).origin).toBe('http://de.localhost:3000');
    await p.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email }, headers: { 'x-forwarded-host': 'evil.example' } });
    const forged = (await p.mails(m.email)).at(-1)!;
    for (const l of linksOf(forged)) expect(new URL(l).origin).toBe('http://localhost:3000');
    const s = (await p.call({ method: 'GET', url: '/api/settings.php', headers: { 'cf-ipcountry': 'DE', 'accept-language': 'nl-NL' } })).json().settings;
    expect(s.geoip_country).toBe('DE');
  });
});

describe('demo links follow the port the server listens on (outside production)', () => {
  it('followPort moves loopback origins only', async () => {
    const { followPort } = await import('./settings.ts');
    expect(followPort('http://localhost:3000', 4000)).toBe('http://localhost:4000');
    expect(followPort('http://de.localhost:3000', 4000)).toBe('http://de.localhost:4000');
    expect(followPort('http://127.0.0.1:3000', 4000)).toBe('http://127.0.0.1:4000');
    expect(followPort('http://[::1]:3000', 4000)).toBe('http://[::1]:4000');
    expect(followPort('https://www.example.com', 4000)).toBe('https://www.example.com');
    expect(followPort('https://localhost.example.com', 4000)).toBe('https://localhost.example.com');
    // Production passes no port: as configured.
    expect(followPort('http://localhost:3000', undefined)).toBe('http://localhost:3000');
  });

  it('PORT=4000: the reset mail and settings.php name port 4000 on the demo domains', async () => {
    const four = await createTestApp({ profiles: 0, env: { PORT: '4000' } });
    try {
      const m = await addMember(four);
      expect((await four.call({ method: 'POST', url: '/api/reset-password.php', payload: { email: m.email } })).statusCode).toBe(200);
      const mail = (await four.mails(m.email)).at(-1)!;
      expect(linksOf(mail).length).toBeGreaterThan(0);
      for (const l of linksOf(mail)) expect(new URL(l).origin, l).toBe('http://localhost:4000');
      const de = (await four.call({ method: 'GET', url: '/api/settings.php', headers: { host: 'de.localhost' } })).json().settings;
      expect(de.canonical_url).toBe('http://de.localhost:4000');
    } finally {
      await four.close();
    }
  });
});
