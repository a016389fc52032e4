import { definePlugin } from '../../kernel/web/plugin.ts';
import { authSlice } from '../auth/ui.ts';
import notificationsPlugin from './plugin.ts';

/** Per-category notification switches, the unsubscribe page, and the alert when mails are off. */
export default definePlugin(notificationsPlugin, {
  pages: [
    // Open to visitors too: the unsubscribe link in a mail must work without logging in.
    { name: 'notifications', access: 'visitor', titleKey: 'notifications:title', page: () => import('./web/NotificationsPage.tsx') },
  ],
  alerts: [{
    id: 'disabled-notifications',
    priority: 40,
    dismiss: 'disabled-notifications-alert',
    when: (ctx) => {
      const user = authSlice.of(ctx).user;
      return !!user && user.notifications_disabled.length > 0 && !['settings', 'notifications'].includes(ctx.route.name);
    },
    component: () => import('./web/DisabledAlert.tsx'),
  }],
});
