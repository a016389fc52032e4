import { definePlugin, type RouteDef } from '../../kernel/web/plugin.ts';
import { pagesSlice } from './web/store.ts';
import { STATIC_PAGES, type StaticPage } from './contract.ts';
import pagesPlugin from './plugin.ts';

const routeName = (page: StaticPage) => `pages-${page.replace('_', '-')}` as keyof typeof pagesPlugin.routes;

export default definePlugin(pagesPlugin, {
  store: pagesSlice,
  pages: STATIC_PAGES.map((page): RouteDef<keyof typeof pagesPlugin.routes> => ({
    name: routeName(page),
    access: 'visitor',
    titleKey: `pages:${page}.title`,
    page: () => import('./web/StaticPage.tsx').then((m) => ({ default: m.pageFor(page) })),
  })),
  footerLinks: STATIC_PAGES.map((page, i) => ({ id: page, order: i * 10, labelKey: `pages:nav.${page}`, route: routeName(page) })),
});
