import { definePlugin } from '../../kernel/web/plugin.ts';
import landersPlugin from './plugin.ts';

// The landers are pages the server renders (server.ts): reached inside the app (a link, the route
// map), the browser loads them from the server like any first visit (web/ServerPage.tsx).
const page = () => import('./web/ServerPage.tsx');
const names = Object.keys(landersPlugin.routes) as (keyof typeof landersPlugin.routes)[];

export default definePlugin(landersPlugin, {
  pages: names.map((name) => ({ name, access: 'visitor' as const, layout: 'empty' as const, page })),
});
