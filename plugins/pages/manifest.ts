import { definePlugin, type RouteDef } from '../../kernel/web/plugin.ts';
import type { RouteName } from '../../kernel/contract/routes.ts';
import { pagesSlice } from './web/store.ts';
import { STATIC_PAGES, type StaticPage } from './contract.ts';

const routeName = (page: StaticPage) => `pages-${page.replace('_', '-')}` as RouteName;

export default definePlugin({
  id: 'pages',
  feature: 'pages',
  store: pagesSlice,
  routes: STATIC_PAGES.map((page): RouteDef => ({
    name: routeName(page),
    titleKey: `pages:${page}.title`,
    page: () => import('./web/StaticPage.tsx').then((m) => ({ default: m.pageFor(page) })),
  })),
  footerLinks: STATIC_PAGES.map((page, i) => ({ id: page, order: i * 10, labelKey: `pages:nav.${page}`, route: routeName(page) })),
});
