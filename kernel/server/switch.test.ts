import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { addMember, createTestApp, socketEvents, type TestApp } from './testing.ts';
import { enabledPlugins } from '../contract/plugin.ts';
import { CONSOLE_API_PREFIX } from '../contract/endpoint.ts';
import { discoverServerPlugins, serverPlugins } from '../../plugins/server.ts';
import { helloRef } from '../../test-fixtures/hello/server.ts';

// The one switch on the server: a domain that turns a feature off gets 404 from every route of that
// plugin and of the plugins that require it, none of their settings, and none of their socket
// handlers, jobs or user fields; the rest of the site keeps working.
// The example plugin, found in test-fixtures/ by the same discovery as the product's plugins.
const fixtures = await discoverServerPlugins(new URL('../../test-fixtures', import.meta.url).pathname);
const plugins = [...serverPlugins, ...fixtures];
const featured = plugins.filter((p) => p.feature);
const domainWithout = (feature: string) => `no-${feature}.example.com`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ plugins, profiles: 4 });
  for (const p of featured) {
    await t.kernel.sites.update(domainWithout(p.feature!), { canonical_url: `https://${domainWithout(p.feature!)}`, plugins: ['*', `-${p.feature}`] });
  }
});
afterAll(() => t?.close());

/** A request to one of the route's addresses (parameters filled with 1). */
const call = (method: string, url: string, host: string, flag?: unknown) => t.call({
  method: method as 'GET', url: url.replace(/:\w+/g, '1').replace(/\*$/, 'x') + (typeof flag === 'string' ? `?${flag}=1` : ''), headers: { host },
  ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
});

describe('one switch, on the server', () => {
  it('knows every feature plugin, the fixture included', () => {
    expect(featured.map((p) => p.id)).toEqual(expect.arrayContaining(['chat', 'likes', 'members', 'hello']));
  });

  for (const p of featured) {
    it(`${p.feature} off: its routes and its dependents' answer 404, its settings stay home, the rest works`, async () => {
      const host = domainWithout(p.feature!);
      const off = new Set(plugins.map((x) => x.id));
      for (const on of enabledPlugins(plugins, plugins.flatMap((x) => (x.feature && x.feature !== p.feature ? [x.feature] : [])))) off.delete(on.id);
      expect(off.has(p.id)).toBe(true);
      // Console routes (/api/operator/) are not switched per domain: staff run every domain from the
      // console, whichever host they use; without a console session they answer 404 anyway.
      const owned = t.routes.filter((r) => r.plugin && off.has(r.plugin) && !r.websocket && r.method !== 'HEAD' && !r.url.startsWith(CONSOLE_API_PREFIX));
      for (const r of owned) {
        const res = await call(r.method, r.url, host, r.constraints?.flag);
        expect({ route: `${r.method} ${r.url}`, status: res.statusCode, error: res.json().error }).toEqual({ route: `${r.method} ${r.url}`, status: 404, error: 'feature_disabled' });
      }
      // A route of a plugin still on answers as usual there (not the switch's 404).
      const kept = t.routes.find((r) => r.plugin && !off.has(r.plugin) && r.method === 'GET' && !r.url.includes(':') && !r.websocket);
      if (kept) expect((await call('GET', kept.url, host, kept.constraints?.flag)).body).not.toContain('feature_disabled');

      const { settings } = (await t.call({ method: 'GET', url: '/api/settings.php', headers: { host } })).json() as { settings: Record<string, unknown> };
      expect(settings.plugins).not.toContain(p.feature);
      for (const x of plugins.filter((q) => off.has(q.id))) {
        for (const name of Object.keys(x.settings ?? {})) expect(settings).not.toHaveProperty(name);
      }
      // The kernel's settings are there all the same.
      expect(settings).toMatchObject({ domain: host, canonical_url: `https://${host}` });
    });
  }

  it('sends browser settings of enabled plugins only, never server-only ones', async () => {
    const { settings } = (await t.call({ method: 'GET', url: '/api/settings.php' })).json() as { settings: Record<string, unknown> };
    expect(settings.hello_greeting).toBe('Hello');
    expect(settings).not.toHaveProperty('hello_secret');
    expect(settings.message_credits).toEqual(expect.any(Number));
    // The server itself has the secret.
    expect((await t.kernel.sites.resolve('localhost')).hello_secret).toBe('not for browsers');
  });

  it('refuses a plugin setting that does not fit its schema', async () => {
    await expect(t.kernel.sites.update('localhost', { hello_greeting: 42 } as never)).rejects.toThrow(/hello: hello_greeting must be string/);
    await expect(t.kernel.sites.update('localhost', { hello_greeting: '' } as never)).rejects.toThrow(/hello: hello_greeting must not have fewer than 1 characters/);
    await expect(t.kernel.sites.update('localhost', { message_credits: -1 } as never)).rejects.toThrow(/chat: message_credits must be >= 0/);
  });

  it('answers the plugin route where it is on and 404 where it is off', async () => {
    expect((await call('GET', '/api/hello.php', 'localhost')).json()).toEqual({ greeting: 'Hello', count: 0 });
    expect((await call('GET', '/api/hello.php', domainWithout('hello'))).statusCode).toBe(404);
  });

  it("serves the example plugin's typed endpoint from its own table, and its user field", async () => {
    const m = await addMember(t);
    const greeted = await t.call({ method: 'POST', url: '/api/hello.php', cookie: m.cookie, payload: { note: 'hi' } });
    expect(greeted.statusCode).toBe(200);
    expect(greeted.json()).toEqual({ greeting: 'Hello', count: 1 });
    // The contract's input: an undeclared field is refused, a visitor may not greet.
    expect((await t.call({ method: 'POST', url: '/api/hello.php', cookie: m.cookie, payload: { note: 'x'.repeat(41) } })).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/hello.php', payload: {} })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user.hello_greetings).toBe(1);
    await t.kernel.db.deleteFrom('hello_greetings').execute();
  });

  it('leaves out the user fields of plugins that are off (members: no profile)', async () => {
    const m = await addMember(t);
    const on = (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie })).json().user;
    expect(on).toMatchObject({ hello_greetings: 0, profile: expect.objectContaining({ name: expect.any(String) }) });
    const offHello = (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie, headers: { host: domainWithout('hello') } })).json().user;
    expect(offHello).not.toHaveProperty('hello_greetings');
    const offMembers = (await t.call({ method: 'GET', url: '/api/user.php', cookie: m.cookie, headers: { host: domainWithout('members') } })).json().user;
    expect(offMembers).not.toHaveProperty('profile');
    expect(offMembers.id).toBe(m.id);
  });

  it('skips queued jobs for domains where the plugin is off', async () => {
    const state = t.kernel.services.get(helloRef);
    await t.kernel.jobs.enqueue('hello:job', { domain: 'localhost' });
    await t.kernel.jobs.enqueue('hello:job', { domain: domainWithout('hello') });
    await t.kernel.jobs.runDue({ periodic: 'none' });
    expect(state.jobsRun).toEqual(['localhost']);
  });

  it('drops socket messages for a plugin that is off on the socket\'s domain', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const m = await addMember(t);
    const open = async (host: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket`, { headers: { cookie: m.cookie, host } });
      const ev = socketEvents(ws);
      await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
      return { ws, ...ev };
    };
    const state = t.kernel.services.get(helloRef);
    const off = await open(domainWithout('hello'));
    off.ws.send(JSON.stringify({ type: 'hello:ping' }));
    const on = await open('localhost');
    on.ws.send(JSON.stringify({ type: 'hello:ping' }));
    await on.next('hello:pong');
    await new Promise((r) => setTimeout(r, 200));
    expect(state.greetings).toBe(1);
    expect(off.events.filter((e) => e.type === 'hello:pong')).toHaveLength(1); // the member's other socket hears the pong
    off.ws.close();
    on.ws.close();
  });
});
