import { definePlugin } from '../../kernel/web/plugin.ts';
import { authSlice } from '../auth/ui.ts';
import accountPlugin from './plugin.ts';

declare module '../../kernel/web/plugin.ts' {
  /** The settings page's place for other plugins' switches (the invisible mode, push messages); no props. */
  interface PanelSlots { settings: object }
  /** Deleting the account (opened from the settings page); no props. */
  interface ModalProps { 'delete-account': object }
}

const auth = (ctx: { store: Record<string, unknown> }) => authSlice.of(ctx);

/** Where the activate reminder stays away (spec section 4). */
const NO_REMINDER = new Set(['signup', 'settings', 'notifications', 'complete-signup', 'activate-done']);

/** Activation, password reset, e-mail change, account settings and deletion. */
export default definePlugin(accountPlugin, {
  pages: [
    { name: 'reset-password', access: 'visitor', guestsOnly: true, titleKey: 'account:reset.title', page: () => import('./web/ResetPasswordPage.tsx') },
    { name: 'reset-password-do', access: 'visitor', titleKey: 'account:resetDo.title', page: () => import('./web/ResetPasswordDoPage.tsx') },
    { name: 'mail-change-do', access: 'visitor', titleKey: 'account:mailChangeDo.title', page: () => import('./web/MailChangeDoPage.tsx') },
    { name: 'activate-done', access: 'visitor', titleKey: 'account:activate.doneTitle', page: () => import('./web/ActivateDonePage.tsx') },
    { name: 'activate-error', access: 'visitor', titleKey: 'account:activate.errorTitle', page: () => import('./web/ActivateErrorPage.tsx') },
    { name: 'account-deleted', access: 'visitor', titleKey: 'account:deleted.title', page: () => import('./web/AccountDeletedPage.tsx') },
    { name: 'settings', access: 'member', titleKey: 'account:settings.title', page: () => import('./web/SettingsPage.tsx') },
  ],
  navItems: [
    { id: 'settings', slot: 'account', order: 50, labelKey: 'account:nav.settings', route: 'settings' },
  ],
  alerts: [{
    id: 'activate',
    priority: 100,
    when: (ctx) => {
      const user = auth(ctx).user;
      return !!user && user.status === 'not_confirmed' && user.profile?.status === 'disabled'
        && user.notifications_disabled.length === 0 && !NO_REMINDER.has(ctx.route.name);
    },
    component: () => import('./web/ActivateReminder.tsx'),
  }],
  modals: [{ id: 'delete-account', size: 'md', component: () => import('./web/DeleteAccountModal.tsx') }],
  setup(kernel) {
    // Back through the reactivation link: say so once, and keep the address clean.
    const url = new URL(location.href);
    if (url.searchParams.get('reactivated') === '1') {
      void kernel.i18n.loadNamespaces('account').then(() => kernel.appState.toast(kernel.i18n.t('account:reactivated'), 'success'));
      url.searchParams.delete('reactivated');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
    return () => {};
  },
});
