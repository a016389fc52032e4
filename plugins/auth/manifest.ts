import { definePlugin, type WebKernel } from '../../kernel/web/plugin.ts';
import { type AuthStoreInstance } from './web/store.ts';
import { authSlice } from './web/store.ts';
import authPlugin from './plugin.ts';

const auth = (k: { store: Record<string, unknown> }) => authSlice.of(k);

export default definePlugin(authPlugin, {
  store: authSlice,
  pages: [
    { name: 'login', serves: 'login', access: 'visitor', guestsOnly: true, titleKey: 'auth:login.title', page: () => import('./web/LoginPage.tsx') },
  ],
  navItems: [
    { id: 'login', slot: 'top', order: 100, labelKey: 'auth:nav.login', route: 'login', variant: 'button', when: (ctx) => !ctx.loggedIn },
    { id: 'logout', slot: 'account', order: 100, labelKey: 'auth:nav.logout', action: (k) => void logout(k) },
  ],
  hydrate(kernel) {
    auth(kernel).bindSession((id, operator) => kernel.appState.setUserId(id, operator));
    // The page usually carries the user (or null for a visitor).
    const inline = kernel.bootData<AuthStoreInstance['user']>('user');
    if (inline !== undefined) auth(kernel).setUser(inline);
  },
  async boot(kernel) {
    // Without the user in the page, ask the API.
    if (kernel.bootData('user') === undefined) await auth(kernel).fetchUser().catch(() => {});
    const lang = auth(kernel).user?.language;
    if (lang && lang !== kernel.appState.locale && !document.cookie.includes('i18n_redirected=')) await kernel.setLocale(lang);
  },
  setup(kernel) {
    const store = auth(kernel);
    const offs = [
      // Credits and status may change elsewhere (another tab, a payment, support).
      kernel.bus.on('poll', () => { if (store.loggedIn) store.fetchUser().catch(() => {}); }),
      kernel.bus.on('auth:required', () => {
        // Only a member who was logged in lost something worth telling.
        // The notice's texts may not be on this page yet (their namespace loads first).
        if (store.loggedIn) void kernel.i18n.loadNamespaces('auth').then(() => kernel.appState.toast(kernel.i18n.t('auth:sessionEnded'), 'info'));
        store.setUser(null);
      }),
      kernel.bus.on('locale:changed', ({ locale }) => { if (store.loggedIn) store.saveLanguage(locale).catch(() => {}); }),
    ];
    return () => offs.forEach((off) => off());
  },
});

async function logout(kernel: WebKernel) {
  await auth(kernel).logout().catch(() => {});
  kernel.router.go('/');
}
