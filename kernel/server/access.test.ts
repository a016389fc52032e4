import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp, sessionCookie, staffLogin, type TestApp } from './testing.ts';
import { serverPlugins } from '../../plugins/server.ts';
import { authRef } from '../../plugins/auth/server.ts';
import { createAccessControl, enforceAccess, memberId, ROLE_CACHE_MS, staffOf, type Access, type Role } from './access.ts';
import type { ServerPlugin } from './plugin.ts';

/** A plugin with one route per access level, answering who called. */
const probe: ServerPlugin = {
  id: 'access-probe',
  api(app) {
    for (const access of ['visitor', 'member'] as const) {
      app.get(`/probe/${access}`, { config: { access } }, async (req) => ({ userId: access === 'visitor' ? req.userId : memberId(req) }));
    }
    // The console's levels live under /api/operator/ only.
    for (const access of ['operator', 'admin'] as const) {
      app.get(`/operator/probe/${access}`, { config: { access } }, async (req) => ({ staff: staffOf(req) }));
    }
    app.post('/probe/member', { config: { access: 'member' }, schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } }, async (req) => ({ userId: memberId(req) }));
  },
};

describe('route access levels', () => {
  /** A bare app with the kernel's enforcement, a route registered in a plugin scope as app.ts does. */
  const appWith = async (register: (scope: FastifyInstance) => void) => {
    const app = Fastify();
    enforceAccess(app, createAccessControl({ onMember: () => {}, live: true }));
    await app.register(async (scope) => register(scope), { prefix: '/api' });
    return app;
  };

  it('refuses to register a route without an access level, or with an unknown one', async () => {
    await expect(appWith((s) => s.get('/no-access', async () => ({})))).rejects.toThrow(/GET \/api\/no-access declares no access level/);
    await expect(appWith((s) => s.post('/odd', { config: { access: 'root' as Access } }, async () => ({})))).rejects.toThrow(/unknown access level "root"/);
    // The console's levels only under /api/operator/, and member levels never there.
    await expect(appWith((s) => s.post('/odd', { config: { access: 'admin' } }, async () => ({})))).rejects.toThrow(/access 'admin' is for paths under \/api\/operator\/ only/);
    const ok = await appWith((s) => s.get('/fine', { config: { access: 'visitor' } }, async () => ({ ok: true })));
    expect((await ok.inject({ url: '/api/fine' })).json()).toEqual({ ok: true });
    await ok.close();
  });

});

describe('access levels on requests', () => {
  let t: TestApp;
  let member: { id: number; cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ profiles: 0, plugins: [...serverPlugins, probe] });
    const login = await t.call({ method: 'POST', url: '/api/user.php', payload: { email: 'demo@example.com', password: 'flirt-demo-2026' } });
    expect(login.statusCode).toBe(200);
    member = { id: login.json().user.id, cookie: sessionCookie(login) };
  });
  afterAll(async () => { await t?.close(); });
  const get = (level: string, cookie?: string) => t.call({ method: 'GET', url: `/api/probe/${level}`, cookie });
  const setRole = (role: Role) => t.kernel.services.get(authRef).setRole(member.id, role);

  it("'visitor': anyone, logged in or not", async () => {
    expect((await get('visitor')).json()).toEqual({ userId: null });
    expect((await get('visitor', member.cookie)).json()).toEqual({ userId: member.id });
  });

  it("'member': a logged-in member, else 403 authentication_required (after validation, as before)", async () => {
    const visitor = await get('member');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toEqual({ error: 'authentication_required', message: 'authentication_required: log in first', params: {} });
    expect((await get('member', 'sid=not-a-session')).statusCode).toBe(403);
    expect((await get('member', member.cookie)).json()).toEqual({ userId: member.id });
    // A malformed request gets its 400 whoever sends it.
    const bad = await t.call({ method: 'POST', url: '/api/probe/member', payload: { n: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/probe/member', payload: { n: 1 } })).statusCode).toBe(403);
  });

  it("'operator' and 'admin': 404 for visitors and members (an operator's member session too), served to a console session of the role; a demotion counts at once", async () => {
    const console = (level: string, cookie?: string) => t.call({ method: 'GET', url: `/api/operator/probe/${level}`, cookie });
    for (const level of ['operator', 'admin']) {
      expect((await console(level)).statusCode).toBe(404);
      expect((await console(level, member.cookie)).statusCode).toBe(404);
    }
    // A member promoted to operator still has no console session: the member cookie opens nothing.
    await setRole('operator');
    expect((await console('operator', member.cookie)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/user.php', cookie: member.cookie })).json().user.role).toBe('operator');
    await setRole('member');
    expect('role' in (await t.call({ method: 'GET', url: '/api/user.php', cookie: member.cookie })).json().user).toBe(false);

    const op = await staffLogin(t, 'operator');
    expect((await console('operator', op.cookie)).json().staff).toMatchObject({ userId: op.userId, role: 'operator', email: op.email });
    const refused = await console('admin', op.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('forbidden');
    const admin = await staffLogin(t, 'admin');
    expect((await console('admin', admin.cookie)).json().staff).toMatchObject({ userId: admin.userId, role: 'admin' });
    expect((await console('operator', admin.cookie)).statusCode).toBe(200);

    // Demoted: the console session opens nothing from the next request on.
    await t.kernel.services.get(authRef).setRole(op.userId, 'member');
    expect((await console('operator', op.cookie)).statusCode).toBe(404);
  });

});

describe('role cache', () => {
  const setup = (live = true) => {
    let now = 1_000;
    let listener: (id: number | null) => void = () => {};
    const changes = { onMember: (fn: (id: number | null) => void) => { listener = fn; }, live };
    const access = createAccessControl(changes, () => now);
    const roles = new Map<number, Role>([[1, 'operator'], [2, 'member']]);
    let lookups = 0;
    access.useRoles(async (id) => { lookups++; return roles.get(id) ?? null; });
    return { access, roles, tick: (ms: number) => { now += ms; }, change: (id: number | null) => listener(id), lookups: () => lookups };
  };

  it('asks once within ROLE_CACHE_MS, again after it, and at once after a change', async () => {
    const c = setup();
    expect(await c.access.role(1)).toBe('operator');
    expect(await c.access.role(1)).toBe('operator');
    expect(c.lookups()).toBe(1);
    c.roles.set(1, 'member');
    c.change(1);
    expect(await c.access.role(1)).toBe('member');
    c.roles.set(1, 'operator');
    c.tick(ROLE_CACHE_MS + 1);
    expect(await c.access.role(1)).toBe('operator');
    expect(await c.access.role(2)).toBe('member');
    c.roles.set(2, 'operator');
    c.change(null); // changes may have been missed: everything goes
    expect(await c.access.role(2)).toBe('operator');
    expect(await c.access.role(3)).toBeNull();
  });

  it('caches nothing while change notifications are down', async () => {
    const c = setup(false);
    await c.access.role(1);
    await c.access.role(1);
    expect(c.lookups()).toBe(2);
  });

  it('takes one lookup only, and answers null without one', async () => {
    const c = setup();
    expect(() => c.access.useRoles(async () => 'member')).toThrow(/already/);
    expect(await createAccessControl({ onMember: () => {}, live: true }).role(1)).toBeNull();
  });
});
