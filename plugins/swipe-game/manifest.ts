import { definePlugin } from '../../kernel/web/plugin.ts';

/** The swipe game: like or pass one member at a time, a few likes a day. */
export default definePlugin({
  id: 'swipe-game',
  feature: 'swipe-game',
  requires: ['auth', 'members', 'likes'],
  routes: [{ name: 'swipe-game', access: 'member', titleKey: 'swipe-game:title', page: () => import('./web/SwipeGamePage.tsx') }],
  navItems: [{ id: 'swipe-game', slot: 'top', order: 15, icon: 'star', labelKey: 'swipe-game:nav', route: 'swipe-game', when: (ctx) => ctx.loggedIn }],
});
