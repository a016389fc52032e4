import { definePlugin } from '../../kernel/web/plugin.ts';
import homePlugin from './plugin.ts';

/** The landing page at "/": what the site is, and the way in. Members go straight to search. */
export default definePlugin(homePlugin, {
  pages: [
    { name: 'index', access: 'visitor', guestsOnly: true, page: () => import('./web/HomePage.tsx') },
  ],
});
