import { definePlugin } from '../../kernel/web/plugin.ts';
import helloPlugin from './plugin.ts';

export default definePlugin(helloPlugin, {
  pages: [{ name: 'hello', access: 'visitor', page: async () => ({ default: () => null }) }],
  navItems: [{ id: 'hello', slot: 'top', order: 90, labelKey: 'hello:nav', route: 'hello' }],
});
