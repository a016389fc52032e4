import { getEnv, types } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { createRootStore, type StoreEnv } from './store.ts';
import { Bus } from './bus.ts';
import { fakeApi } from './testing.ts';

const Counter = types.model('Counter', { n: 0 }).actions((self) => ({
  bump() { self.n += 1; },
  busOf() { return getEnv<StoreEnv>(self).bus; },
}));

describe('root store', () => {
  it('composes the kernel slice and every plugin slice, with the environment reachable from each', () => {
    const env = { api: fakeApi({}), bus: new Bus(), i18n: {} as StoreEnv['i18n'] };
    const root = createRootStore([{ key: 'counter', model: Counter }], env);
    expect(root.kernel.loggedIn).toBe(false);
    root.kernel.setUserId(4);
    expect(root.kernel.loggedIn).toBe(true);
    root.counter.bump();
    expect(root.counter.n).toBe(1);
    expect(root.counter.busOf()).toBe(env.bus);
  });

  it('refuses two slices under one key', () => {
    const env = { api: fakeApi({}), bus: new Bus(), i18n: {} as StoreEnv['i18n'] };
    expect(() => createRootStore([{ key: 'kernel', model: Counter }], env)).toThrow(/kernel/);
  });

  it('tracks loading, modals and page errors in the kernel slice', () => {
    const root = createRootStore([], { api: fakeApi({}), bus: new Bus(), i18n: {} as StoreEnv['i18n'] });
    root.kernel.startLoading();
    root.kernel.startLoading();
    root.kernel.stopLoading();
    expect(root.kernel.loading).toBe(1);
    root.kernel.openModal('signup', { step: 1 });
    root.kernel.openModal('signup');
    expect(root.kernel.modals.length).toBe(1);
    root.kernel.closeModal('signup');
    expect(root.kernel.modals.length).toBe(0);
    root.kernel.toast('Saved', 'success');
    root.kernel.toast('Failed', 'danger');
    expect(root.kernel.toasts.map((x) => [x.id, x.tone])).toEqual([[1, 'success'], [2, 'danger']]);
    root.kernel.dismissToast(1);
    expect(root.kernel.toasts.map((x) => x.text)).toEqual(['Failed']);
    root.kernel.showError(500, 'boom');
    root.kernel.setRoute({ name: 'members', path: '/members', params: {}, query: {} });
    expect(root.kernel.pageError).toBeNull();
  });
});
