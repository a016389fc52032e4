import { defineConsole } from '../../kernel/web/console/define.ts';

/**
 * The account plugin's console section: members (operators and admins; granting or taking credits
 * is for admins). Found by the console build only (plugins/console.ts): none of it reaches members' pages.
 */
export default defineConsole({
  plugin: 'account',
  sections: [
    { id: 'members', title: 'nav.members', role: 'operator', order: 10, page: () => import('./web/console/MembersSection.tsx') },
  ],
});
