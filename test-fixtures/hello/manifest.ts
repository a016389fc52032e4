import { definePlugin } from '../../kernel/web/plugin.ts';
import helloPlugin from './plugin.ts';

export default definePlugin(helloPlugin, {
  pages: [{ name: 'hello', access: 'visitor', titleKey: 'hello:title', page: () => import('./web/HelloPage.tsx') }],
  navItems: [{ id: 'hello', slot: 'top', order: 90, labelKey: 'hello:nav', route: 'hello' }],
  // A piece of the settings page (the account plugin's screen, which knows nothing of hello).
  panels: [{ id: 'hello-count', slot: 'settings', order: 90, component: () => import('./web/HelloPanel.tsx') }],
});
