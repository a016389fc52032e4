import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, MAX_RETRIES } from './api.ts';
import { Bus } from './bus.ts';
import Type from 'typebox';
import { endpoint } from '../contract/endpoint.ts';

// Endpoints of the kind contracts define (paths as in the spec).
const login = endpoint({ method: 'POST', path: '/api/user.php', access: 'visitor', body: Type.Object({ email: Type.String(), password: Type.String() }) });
const me = endpoint({ method: 'GET', path: '/api/user.php', access: 'member' });
const members = endpoint({ method: 'GET', path: '/api/members.php', access: 'member', query: Type.Object({ page: Type.Optional(Type.Integer()) }) });
const a = endpoint({ method: 'GET', path: '/api/a', access: 'visitor' });
const b = endpoint({ method: 'GET', path: '/api/b', access: 'visitor' });
const chats = endpoint({ method: 'GET', path: '/api/chats.php', access: 'member' });
const other = endpoint({ method: 'GET', path: '/api/other.php', access: 'member' });
const push = endpoint({ method: 'POST', path: '/api/user.php', access: 'member', flag: 'push', body: Type.Object({ endpoint: Type.String() }) });

type Outcome = { status: number; body?: unknown };

/** Stands in for superagent: each request takes the next scripted outcome. */
function fakeAgent(outcomes: Outcome[]) {
  const seen: { method: string; url: string; headers: Record<string, string>; query: Record<string, string>; body?: unknown }[] = [];
  const agent = (method: string, url: string) => {
    const req = { method, url, headers: {} as Record<string, string>, query: {} as Record<string, string>, body: undefined as unknown };
    seen.push(req);
    const chain = {
      set(k: string, v: string) { req.headers[k] = v; return chain; },
      query(q: Record<string, string>) { Object.assign(req.query, q); return chain; },
      send(b: unknown) { req.body = b; return chain; },
      then(ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) {
        const o = outcomes.shift() ?? { status: 200, body: {} };
        return o.status >= 200 && o.status < 400
          ? Promise.resolve({ body: o.body }).then(ok, fail)
          : Promise.reject(Object.assign(new Error(`HTTP ${o.status}`), { status: o.status || undefined, response: { body: o.body } })).then(ok, fail);
      },
    };
    return chain;
  };
  return { agent: agent as never, seen };
}

describe('api client', () => {
  it('sends the client header on user.php and parses JSON', async () => {
    const { agent, seen } = fakeAgent([{ status: 200, body: { user: { id: 1 } } }]);
    const api = createApi({ bus: new Bus(), agent, sleep: async () => {} });
    await expect(api.call(login, { body: { email: 'a', password: 'b' } })).resolves.toEqual({ user: { id: 1 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/user.php', body: { email: 'a', password: 'b' } });
    expect(seen[0].headers['X-Request-Type']).toBe('client');
  });

  it('calls an endpoint by its contract: its method, path, query and flag', async () => {
    const { agent, seen } = fakeAgent([{ status: 200, body: {} }, { status: 200, body: {} }]);
    const api = createApi({ bus: new Bus(), agent, sleep: async () => {} });
    await api.call(members, { query: { page: 2 } });
    await api.call(push, { body: { endpoint: 'https://push.example/x' } });
    expect(seen.map((r) => [r.method, r.url, r.query, r.body])).toEqual([
      ['GET', '/api/members.php', { page: '2' }, undefined],
      ['POST', '/api/user.php', { push: '1' }, { endpoint: 'https://push.example/x' }],
    ]);
  });

  it('retries failed requests up to 5 times with exponential delay', async () => {
    const { agent, seen } = fakeAgent(Array.from({ length: 6 }, () => ({ status: 503 })));
    const sleep = vi.fn(async () => {});
    const api = createApi({ bus: new Bus(), agent, sleep });
    await expect(api.call(members)).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1 + MAX_RETRIES);
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('recovers when a retry succeeds, and never retries a 4xx', async () => {
    const { agent, seen } = fakeAgent([{ status: 0 }, { status: 200, body: { ok: 1 } }, { status: 400, body: { error: 'invalid_input', message: 'x' } }]);
    const api = createApi({ bus: new Bus(), agent, sleep: async () => {} });
    await expect(api.call(a)).resolves.toEqual({ ok: 1 });
    await expect(api.call(b)).rejects.toMatchObject({ status: 400, code: 'invalid_input' });
    expect(seen).toHaveLength(3);
  });

  it('maps error codes and parameters to catalogue keys', async () => {
    const { agent } = fakeAgent([{ status: 429, body: { error: 'account_blocked', message: 'm', params: { minutes: 15 } } }]);
    const api = createApi({ bus: new Bus(), agent, sleep: async () => {} });
    const err = await api.call(login, { body: { email: 'a', password: 'b' } }).catch((e: unknown) => e as ApiError);
    expect(err).toMatchObject({ code: 'account_blocked', params: { minutes: 15 }, key: 'kernel:errors.account_blocked' });
  });

  it('logs out on 403 authentication_required, except for the call asking who is logged in', async () => {
    const denied = { status: 403, body: { error: 'authentication_required', message: 'authentication_required' } };
    const { agent } = fakeAgent([denied, denied, { status: 403, body: { error: 'forbidden', message: 'no' } }]);
    const bus = new Bus();
    const lost = vi.fn();
    bus.on('auth:required', lost);
    const api = createApi({ bus, agent, sleep: async () => {} });
    await api.call(me, {}, { whoAmI: true }).catch(() => {});
    expect(lost).not.toHaveBeenCalled();
    await api.call(chats).catch(() => {});
    expect(lost).toHaveBeenCalledWith({ path: '/api/chats.php' });
    await api.call(other).catch(() => {});
    expect(lost).toHaveBeenCalledTimes(1);
  });
});
