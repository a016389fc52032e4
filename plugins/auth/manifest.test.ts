import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import auth from './manifest.ts';
import { AuthStore } from './web/store.ts';
import { Bus } from '../../kernel/web/bus.ts';
import { fakeApi } from '../../kernel/web/testing.ts';
import type { WebKernel } from '../../kernel/web/plugin.ts';
import type { User } from './contract.ts';

const user = { id: 3, email: 'm@x.y', language: null } as unknown as User;

function kernelWith(calls: string[]) {
  const bus = new Bus();
  const api = fakeApi({
    'GET /api/user.php': () => { calls.push('user'); return { user }; },
    'PUT /api/user.php': (b) => { calls.push(`put ${JSON.stringify(b)}`); return { user: { ...user, ...(b as object) } }; },
  });
  const store = AuthStore.create({ user }, { api, bus });
  const toasts: string[] = [];
  const kernel = {
    bus, store: { auth: store },
    appState: { toast: (t: string) => toasts.push(t) },
    i18n: { t: (k: string) => k, loadNamespaces: async () => {} },
  } as unknown as WebKernel;
  return { kernel, store, bus, toasts };
}

describe('auth plugin setup', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('refetches the user on every poll, until disposed', async () => {
    const calls: string[] = [];
    const { kernel, bus } = kernelWith(calls);
    const dispose = auth.setup!(kernel);
    expect(calls).toEqual([]);
    bus.emit('poll', { at: 1 });
    bus.emit('poll', { at: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['user', 'user']);
    dispose();
    bus.emit('poll', { at: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('saves a language change for the logged-in member and logs out on a lost session, with a notice', async () => {
    const calls: string[] = [];
    const { kernel, store, bus, toasts } = kernelWith(calls);
    const dispose = auth.setup!(kernel);
    bus.emit('locale:changed', { locale: 'fr' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['put {"language":"fr"}']);
    bus.emit('auth:required', { path: '/api/chats.php' });
    expect(store.user).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual(['auth:sessionEnded']);
    dispose();
  });
});
