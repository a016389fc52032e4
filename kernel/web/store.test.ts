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
    expect(root.appState.loggedIn).toBe(false);
    root.appState.setUserId(4);
    expect(root.appState.loggedIn).toBe(true);
    root.counter.bump();
    expect(root.counter.n).toBe(1);
    expect(root.counter.busOf()).toBe(env.bus);
  });

  it('refuses two slices under one key', () => {
    const env = { api: fakeApi({}), bus: new Bus(), i18n: {} as StoreEnv['i18n'] };
    expect(() => createRootStore([{ key: 'appState', model: Counter }], env)).toThrow(/appState/);
  });

  it('tracks loading, modals and page errors in the kernel slice', () => {
    const root = createRootStore([], { api: fakeApi({}), bus: new Bus(), i18n: {} as StoreEnv['i18n'] });
    root.appState.startLoading();
    root.appState.startLoading();
    root.appState.stopLoading();
    expect(root.appState.loading).toBe(1);
    root.appState.openModal('signup', { step: 1 });
    root.appState.openModal('signup');
    expect(root.appState.modals.length).toBe(1);
    root.appState.closeModal('signup');
    expect(root.appState.modals.length).toBe(0);
    root.appState.toast('Saved', 'success');
    root.appState.toast('Failed', 'danger');
    expect(root.appState.toasts.map((x) => [x.id, x.tone])).toEqual([[1, 'success'], [2, 'danger']]);
    root.appState.dismissToast(1);
    expect(root.appState.toasts.map((x) => x.text)).toEqual(['Failed']);
    root.appState.showError(500, 'boom');
    root.appState.setRoute({ name: 'members', path: '/members', params: {}, query: {} });
    expect(root.appState.pageError).toBeNull();
  });
});
