import { defineConsole } from '../../kernel/web/console/define.ts';

/**
 * The payments plugin's console sections (admins: money). Found by the console build only
 * (plugins/console.ts): none of it reaches members' pages.
 */
export default defineConsole({
  plugin: 'payments',
  sections: [
    { id: 'payments', title: 'nav.payments', role: 'admin', order: 40, page: () => import('./web/console/PaymentsSection.tsx') },
    { id: 'revenue', title: 'nav.revenue', role: 'admin', order: 41, page: () => import('./web/console/RevenueSection.tsx') },
    { id: 'packages', title: 'nav.packages', role: 'admin', order: 42, page: () => import('./web/console/PackagesSection.tsx') },
  ],
});
