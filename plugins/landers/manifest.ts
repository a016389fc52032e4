import { definePlugin } from '../../kernel/web/plugin.ts';
import landersPlugin from './plugin.ts';

// The landers are pages the server renders (server.ts): reached inside the app (a link, the route
// map), the browser loads them from the server like any first visit (web/ServerPage.tsx).
const page = () => import('./web/ServerPage.tsx');

export default definePlugin(landersPlugin, {
  pages: [
    { name: 'landers-tinderswipe', access: 'visitor', layout: 'empty', page },
    { name: 'landers-name-slug', access: 'visitor', layout: 'empty', page },
    { name: 'members-id-landing', access: 'visitor', layout: 'empty', page },
    { name: 'members-id-landing2-slug', access: 'visitor', layout: 'empty', page },
    { name: 'members-id-landing3-slug', access: 'visitor', layout: 'empty', page },
    { name: 'members-id-signup', access: 'visitor', layout: 'empty', page },
  ],
});
