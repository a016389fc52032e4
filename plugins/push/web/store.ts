import { flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { StoreEnv } from '../../../kernel/web/store.ts';
import { PUSH_STATES, subscribe, unsubscribe, type PushState, type PushSubscriptionJSON } from '../contract.ts';
import { storeSlice } from '../../../kernel/web/slice.ts';

export const SW_PATH = '/sw-push.js';

const keyBytes = (base64url: string) => {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/** What the server is told of a subscription: the browser's `toJSON()`, its fields as the contract names them. */
const subscriptionBody = (sub: PushSubscription): PushSubscriptionJSON => {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...(json.expirationTime !== undefined ? { expirationTime: json.expirationTime } : {}),
  };
};

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The push states of spec section 4, and subscribing this browser. */
export const PushStore = types
  .model('PushStore', { state: types.optional(types.enumeration<PushState>([...PUSH_STATES]), 'unsupported') })
  .volatile(() => ({ busy: false, error: null as unknown }))
  .views((self) => ({
    /** The alert offers push where asking can still succeed. */
    get available() { return self.state === 'unknown' || self.state === 'not-subscribed'; },
  }))
  .actions((self) => {
    const api = () => getEnv<StoreEnv>(self).api;
    const registration = () => navigator.serviceWorker.register(SW_PATH);
    const set = (s: PushState) => { self.state = s; };
    return {
      set,
      /** Reads where this browser stands; a subscription found is (re)bound to the member logged in. */
      detect: flow(function* (publicKey: string) {
        if (!supported() || !publicKey) return set('unsupported');
        if (Notification.permission === 'denied') return set('denied');
        // Not asked yet: nothing to look up, so the state (and the alert) is there from the first paint.
        if (Notification.permission === 'default') set('unknown');
        const reg: ServiceWorkerRegistration = yield registration();
        const sub: PushSubscription | null = yield reg.pushManager.getSubscription();
        if (sub && Notification.permission === 'granted') {
          yield api().call(subscribe, { body: subscriptionBody(sub) }).catch(() => {});
          return set('subscribed');
        }
        set(Notification.permission === 'granted' ? 'not-subscribed' : 'unknown');
      }),
      subscribe: flow(function* (publicKey: string) {
        self.busy = true;
        self.error = null;
        try {
          const permission: NotificationPermission = yield Notification.requestPermission();
          if (permission !== 'granted') return set(permission === 'denied' ? 'denied' : 'unknown');
          const reg: ServiceWorkerRegistration = yield registration();
          const sub: PushSubscription = (yield reg.pushManager.getSubscription())
            ?? (yield reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
          yield api().call(subscribe, { body: subscriptionBody(sub) });
          set('subscribed');
        } catch (err) {
          self.error = err;
        } finally {
          self.busy = false;
        }
      }),
      unsubscribe: flow(function* () {
        self.busy = true;
        try {
          const reg: ServiceWorkerRegistration = yield registration();
          const sub: PushSubscription | null = yield reg.pushManager.getSubscription();
          if (sub) {
            yield api().call(unsubscribe, { body: { endpoint: sub.endpoint } }).catch(() => {});
            yield sub.unsubscribe();
          }
          set('not-subscribed');
        } finally {
          self.busy = false;
        }
      }),
    };
  });

export type PushStoreInstance = Instance<typeof PushStore>;

/** This plugin's store slice: `pushSlice.of(kernel)`. */
export const pushSlice = storeSlice('push', PushStore);
