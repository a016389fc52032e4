import { reaction } from 'mobx';
import { definePlugin } from '../../kernel/web/plugin.ts';
import { PUSH_ALERT_DISMISS, PUSH_STATE_COOKIE, type PushState } from './contract.ts';
import { writeCookie } from '../../kernel/web/cookies.ts';
import { pushSlice } from './web/store.ts';
import pushPlugin from './plugin.ts';

const push = (k: { store: Record<string, unknown> }) => pushSlice.of(k);
const NO_ALERT_ROUTES = ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'];
/** Polling slows down once push brings news (spec: 300 s instead of 60 s). */
const POLL_SECONDS = { subscribed: 300, otherwise: 60 };

export default definePlugin(pushPlugin, {
  store: pushSlice,
  alerts: [{
    id: 'push',
    priority: 50,
    dismiss: PUSH_ALERT_DISMISS,
    when: (ctx) => ctx.loggedIn && push(ctx).available && !NO_ALERT_ROUTES.includes(ctx.route.name),
    component: () => import('./web/PushAlert.tsx'),
  }],
  panels: [{ id: 'push-setting', slot: 'settings', order: 20, when: (ctx) => ctx.loggedIn, component: () => import('./web/PushSetting.tsx') }],
  hydrate(kernel) {
    // Where this browser stood last time (its cookie, which the server checked): the alert renders with the page.
    const known = kernel.bootData<PushState | null>('push');
    if (known) push(kernel).set(known);
  },
  setup(kernel) {
    const store = push(kernel);
    const offs = [
      // What this look found, for the server's next render.
      reaction(() => store.state, (state) => writeCookie(PUSH_STATE_COOKIE, state)),
      reaction(() => kernel.appState.loggedIn, (inn) => { if (inn) void store.detect(kernel.settings.push_public_key).catch(() => store.set('unsupported')); }, { fireImmediately: true }),
      reaction(() => store.state === 'subscribed' && kernel.appState.loggedIn,
        (on) => kernel.appState.setPollSeconds(on ? POLL_SECONDS.subscribed : POLL_SECONDS.otherwise), { fireImmediately: true }),
    ];
    return () => offs.forEach((off) => off());
  },
});
