import { definePlugin, type RouteDef, type SlotContext } from '../../kernel/web/plugin.ts';
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
    page: page === 'complaints'
      // The complaints form (/complaints) replaced this page: old links go there where it is on.
      ? () => import('./web/ComplaintsRedirect.tsx')
      : () => import('./web/StaticPage.tsx').then((m) => ({ default: m.pageFor(page) })),
  })),
  footerLinks: STATIC_PAGES.map((page, i) => ({
    id: page, order: i * 10, labelKey: `pages:nav.${page}`, route: routeName(page),
    // The complaints plugin links its form at the same place; this link only where it is off.
    ...(page === 'complaints' ? { when: (ctx: SlotContext) => !ctx.settings.plugins.includes('complaints') } : {}),
  })),
});
