import { types, type Instance, type IAnyModelType, type IAnyType } from 'mobx-state-tree';
import type { Api } from './api.ts';
import type { Bus } from './bus.ts';
import type { i18n as I18n } from 'i18next';
import type { ModalArgs, ModalId } from './plugin.ts';

const RouteState = types.model('RouteState', {
  name: '',
  layout: 'default', // a LayoutName (plugins may add layouts)
  path: '/',
  params: types.frozen<Record<string, string>>({}),
  query: types.frozen<Record<string, string>>({}),
});

const ToastItem = types.model('Toast', {
  id: types.identifierNumber,
  text: types.string,
  tone: types.optional(types.enumeration(['info', 'success', 'danger']), 'info'),
});

const OpenModal = types.model('OpenModal', { id: types.string, props: types.frozen<object>({}) });

/** The kernel's own slice: where we are, who is logged in, what is loading or open. */
export const KernelStore = types
  .model('KernelStore', {
    route: types.optional(RouteState, {}),
    userId: types.maybeNull(types.number),
    /** The logged-in member is an operator (routes with access 'operator'). */
    operator: false,
    locale: 'en',
    loading: 0,
    modals: types.array(OpenModal),
    toasts: types.array(ToastItem),
    pageError: types.maybeNull(types.frozen<{ status: number; message: string }>()),
    /** Seconds between polls; the push plugin slows it down while push delivers news. */
    pollSeconds: 60,
    /**
     * Every plugin's \`setup\` has run (at once in the browser; after hydrating a page the server
     * rendered; never on the server): what they decide — which alert applies — is known.
     */
    settled: false,
  })
  .views((self) => ({
    get loggedIn() {
      return self.userId != null;
    },
  }))
  .actions((self) => ({
    setRoute(route: { name: string; layout?: string; path: string; params: Record<string, string>; query: Record<string, string> }) {
      self.route = RouteState.create(route);
      self.pageError = null;
    },
    setUserId(id: number | null, operator = false) {
      self.userId = id;
      self.operator = id != null && operator;
    },
    setPollSeconds(seconds: number) {
      self.pollSeconds = seconds;
    },
    settle() {
      self.settled = true;
    },
    setLocale(locale: string) {
      self.locale = locale;
    },
    startLoading() {
      self.loading += 1;
    },
    stopLoading() {
      self.loading = Math.max(0, self.loading - 1);
    },
    /** Opens a modal with the props its owner declared for it (ModalProps). */
    openModal<K extends ModalId>(id: K, ...[props]: ModalArgs<K>) {
      if (!self.modals.some((m) => m.id === id)) self.modals.push({ id, props: props ?? {} });
    },
    closeModal(id: ModalId) {
      const i = self.modals.findIndex((m) => m.id === id);
      if (i >= 0) self.modals.splice(i, 1);
    },
    toast(text: string, tone: 'info' | 'success' | 'danger' = 'info') {
      const id = (self.toasts.reduce((m, x) => Math.max(m, x.id), 0) || 0) + 1;
      self.toasts.push({ id, text, tone });
    },
    dismissToast(id: number) {
      const i = self.toasts.findIndex((x) => x.id === id);
      if (i >= 0) self.toasts.splice(i, 1);
    },
    showError(status: number, message: string) {
      self.pageError = { status, message };
    },
  }));

export type KernelStoreInstance = Instance<typeof KernelStore>;

/** What store actions reach through getEnv(self) instead of imports. */
export interface StoreEnv { api: Api; bus: Bus; i18n: I18n }

/** Composes the root store from the kernel slice and every enabled plugin's slice. */
export function createRootStore(slices: { key: string; model: IAnyModelType }[], env: StoreEnv) {
  const props: Record<string, IAnyType> = { appState: types.optional(KernelStore, {}) };
  for (const s of slices) {
    if (props[s.key]) throw new Error(`store key ${s.key} is used twice`);
    props[s.key] = types.optional(s.model, {});
  }
  const Root = types.model('Root', props);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return Root.create({}, env) as Record<string, any> & { appState: KernelStoreInstance };
}
