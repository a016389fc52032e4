import { definePlugin } from '../../kernel/web/plugin.ts';
import homePlugin from './plugin.ts';

/** The landing page at "/": what the site is, and the way in. Members go straight to search. */
export default definePlugin(homePlugin, {
  pages: [
    // An entry page: rendered on the server for visitors, hydrated in the browser.
    { name: 'index', access: 'visitor', guestsOnly: true, ssr: true, page: () => import('./web/HomePage.tsx') },
  ],
});
