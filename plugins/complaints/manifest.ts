import { definePlugin } from '../../kernel/web/plugin.ts';
import complaintsPlugin from './plugin.ts';

/** /complaints, linked from the footer where the static complaints page was (order 40). */
export default definePlugin(complaintsPlugin, {
  pages: [{ name: 'complaints', access: 'visitor', titleKey: 'complaints:title', page: () => import('./web/ComplaintsPage.tsx') }],
  footerLinks: [{ id: 'complaints', order: 40, labelKey: 'complaints:nav', route: 'complaints' }],
});
