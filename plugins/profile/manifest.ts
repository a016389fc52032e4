import { definePlugin } from '../../kernel/web/plugin.ts';
import { NO_PHOTO_ALERT_ROUTES, PHOTO_ALERT_DISMISS_KEY } from './contract.ts';
import { profileSlice } from './web/store.ts';
import { authSlice } from '../auth/ui.ts';
import profilePlugin from './plugin.ts';

const auth = (ctx: { store: Record<string, unknown> }) => authSlice.of(ctx);

/** Editing one's own profile and photos; the "add a photo" alert. */
export default definePlugin(profilePlugin, {
  store: profileSlice,
  pages: [{ name: 'profile', access: 'member', titleKey: 'profile:title', page: () => import('./web/ProfileEditPage.tsx') }],
  navItems: [{ id: 'edit-profile', slot: 'account', order: 20, labelKey: 'profile:nav', route: 'profile' }],
  alerts: [{
    id: 'profile-photo',
    priority: 60,
    dismiss: PHOTO_ALERT_DISMISS_KEY,
    when: (ctx) => {
      const user = auth(ctx).user;
      return !!user?.profile && !user.profile.main_image && !NO_PHOTO_ALERT_ROUTES.includes(ctx.route.name);
    },
    component: () => import('./web/PhotoAlert.tsx'),
  }],
});
