import { definePlugin, type WebKernel } from '../../kernel/web/plugin.ts';
import { TRACKING_KEYS, trackingFrom } from './contract.ts';
import { storeTracking } from './web/store.ts';
import { signupSlice } from './web/store.ts';
import signupPlugin from './plugin.ts';

/**
 * Tracking parameters in the address (affiliate network, ref, sub-ids) are kept in a cookie for
 * the signup (and the server's traffic-source rules) and removed from the address.
 */
function captureTracking() {
  const url = new URL(location.href);
  const found = trackingFrom(Object.fromEntries(url.searchParams));
  if (!Object.keys(found).length) return;
  storeTracking(found);
  for (const k of TRACKING_KEYS) url.searchParams.delete(k);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

declare module '../../kernel/web/plugin.ts' {
  /** The signup dialog, openable from any layout; no props. */
  interface ModalProps { signup: object }
}

const openSignup = (k: WebKernel) => k.appState.openModal('signup');

export default definePlugin(signupPlugin, {
  store: signupSlice,
  pages: [
    { name: 'signup', access: 'visitor', titleKey: 'signup:title', page: () => import('./web/SignupPage.tsx') },
    { name: 'complete-signup', access: 'member', titleKey: 'signup:completion.title', page: () => import('./web/CompleteSignupPage.tsx') },
    { name: 'signup-matches', access: 'member', titleKey: 'signup:matches.title', page: () => import('./web/SignupMatchesPage.tsx') },
    { name: 'signup-switch', access: 'member', titleKey: 'signup:switch.title', page: () => import('./web/SignupSwitchPage.tsx') },
  ],
  navItems: [
    { id: 'signup', slot: 'top', order: 99, labelKey: 'signup:nav.signup', variant: 'button', action: openSignup, when: (ctx) => !ctx.loggedIn && ctx.route.name !== 'signup' },
  ],
  modals: [
    { id: 'signup', size: 'md', component: () => import('./web/SignupModal.tsx'), locked: (ctx) => signupSlice.of(ctx).inProgress },
  ],
  async boot() {
    captureTracking();
  },
});
