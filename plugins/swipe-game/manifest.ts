import { definePlugin } from '../../kernel/web/plugin.ts';
import swipeGamePlugin from './plugin.ts';

/** The swipe game: like or pass one member at a time, a few likes a day. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
declare module '../../kernel/web/ui/Icon.tsx' { interface IconNames { star: true } }

export default definePlugin(swipeGamePlugin, {
  icons: { star: 'm12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9 2.9-6z' },
  pages: [{ name: 'swipe-game', access: 'member', titleKey: 'swipe-game:title', page: () => import('./web/SwipeGamePage.tsx') }],
  navItems: [{ id: 'swipe-game', slot: 'top', order: 15, icon: 'star', labelKey: 'swipe-game:nav', route: 'swipe-game', when: (ctx) => ctx.loggedIn }],
});
