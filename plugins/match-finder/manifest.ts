import { definePlugin } from '../../kernel/web/plugin.ts';
import matchFinderPlugin from './plugin.ts';

/** A short guided search that ends in the members who fit best. */
export default definePlugin(matchFinderPlugin, {
  pages: [{ name: 'match-finder', access: 'member', titleKey: 'match-finder:title', page: () => import('./web/MatchFinderPage.tsx') }],
  navItems: [{ id: 'match-finder', slot: 'account', order: 30, labelKey: 'match-finder:nav', route: 'match-finder' }],
});
