import { definePlugin } from '../../kernel/web/plugin.ts';
import { MembersStore } from './web/store.ts';

export default definePlugin({
  id: 'members',
  feature: 'members',
  requires: ['auth'],
  store: { key: 'members', model: MembersStore },
  routes: [
    { name: 'members', area: 'members', titleKey: 'members:search.title', page: () => import('./web/MembersPage.tsx') },
    { name: 'members-id', area: 'members', titleKey: 'members:profile.title', page: () => import('./web/ProfilePage.tsx') },
  ],
  navItems: [
    {
      id: 'search', slot: 'top', order: 10, icon: 'search', labelKey: 'members:nav.search', route: 'members',
      when: (ctx) => ctx.loggedIn || ctx.settings.logged_out_search !== 'none',
    },
    { id: 'my-profile', slot: 'account', order: 10, labelKey: 'members:nav.myProfile', route: 'members-id', params: (ctx) => ({ id: ctx.kernel.userId ?? 0 }) },
  ],
});
