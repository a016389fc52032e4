import { defineConsole } from '../../kernel/web/console/define.ts';

/** The chat plugin's console section (operators): the inbox of fictional profiles. Console build only. */
export default defineConsole({
  plugin: 'chat',
  sections: [
    { id: 'inbox', title: 'nav.inbox', role: 'operator', order: 15, page: () => import('./web/console/InboxSection.tsx') },
  ],
});
