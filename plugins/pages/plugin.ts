import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';
import type { RoutePaths } from '../../kernel/contract/routes.ts';

/** The static pages: terms, privacy, cookies, FAQ and the others. */
export const pagesPlugin = definePluginDescriptor({
  id: 'pages',
  feature: 'pages',
  routes: {
    'pages-terms': '/pages/terms',
    'pages-privacy': '/pages/privacy',
    'pages-cookies': '/pages/cookies',
    'pages-ban': '/pages/ban',
    'pages-complaints': '/pages/complaints',
    'pages-return-policy': '/pages/return-policy',
    'pages-faq': '/pages/faq',
    'pages-service': '/pages/service',
  },
});

declare module '../../kernel/contract/routes.ts' {
  interface RouteNames extends RoutePaths<typeof pagesPlugin> {}
}

export default pagesPlugin;
