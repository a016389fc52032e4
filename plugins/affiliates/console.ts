import { defineConsole } from '../../kernel/web/console/define.ts';

/**
 * The affiliates' console sections (console build only): the figures of the traffic sources, their
 * postbacks and embed snippets (operators read them; retrying a postback is for admins), and the
 * networks with their postback URLs and secrets (admins).
 */
export default defineConsole({
  plugin: 'affiliates',
  sections: [
    { id: 'affiliates', title: 'nav.affiliates', role: 'operator', order: 70, page: () => import('./web/console/AffiliatesSection.tsx') },
    { id: 'affiliate-networks', title: 'nav.networks', role: 'admin', order: 71, page: () => import('./web/console/NetworksSection.tsx') },
  ],
});
