import { defineConsole } from '../../kernel/web/console/define.ts';

/** The complaints plugin's console section (operators): complaints answered by mail. Console build only. */
export default defineConsole({
  plugin: 'complaints',
  sections: [
    { id: 'complaints', title: 'nav.complaints', role: 'operator', order: 25, page: () => import('./web/console/ComplaintsSection.tsx') },
  ],
});
