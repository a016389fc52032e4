import { defineConsole } from '../../kernel/web/console/define.ts';

/**
 * The members plugin's console sections (operators): the reports queue, the photo review queue and
 * the fictional profiles. Found by the console build only (plugins/console.ts): none of it reaches
 * members' pages. Endpoints: contract.ts (server/moderation.ts, server/fictional.ts).
 */
export default defineConsole({
  plugin: 'members',
  sections: [
    { id: 'reports', title: 'nav.reports', role: 'operator', order: 20, page: () => import('./web/console/ReportsSection.tsx') },
    { id: 'photos', title: 'nav.photos', role: 'operator', order: 21, page: () => import('./web/console/PhotosSection.tsx') },
    { id: 'fictional', title: 'nav.fictional', role: 'operator', order: 22, page: () => import('./web/console/FictionalSection.tsx') },
  ],
});
