import { definePlugin } from '../../kernel/web/plugin.ts';
import dataExportPlugin from './plugin.ts';

/**
 * A section on the settings page (account's `settings` slot, which knows nothing of it) and the
 * page the mail links to: both show where the member's copy stands and let them ask or download.
 */
export default definePlugin(dataExportPlugin, {
  pages: [{ name: 'data-export', access: 'member', titleKey: 'data-export:title', page: () => import('./web/ExportPage.tsx') }],
  panels: [{ id: 'data-export', slot: 'settings', order: 80, component: () => import('./web/ExportPanel.tsx') }],
});
