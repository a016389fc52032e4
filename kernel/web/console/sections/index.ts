import { defineConsole } from '../define.ts';

/** The kernel's own console sections: domains with their features and settings, the audit log. */
export const kernelConsole = defineConsole({
  plugin: 'kernel',
  sections: [
    { id: 'domains', title: 'nav.domains', role: 'admin', order: 10, page: () => import('./Domains.tsx') },
    { id: 'audit', title: 'nav.audit', role: 'admin', order: 90, page: () => import('./Audit.tsx') },
  ],
});
