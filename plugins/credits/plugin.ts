import { definePluginDescriptor } from '../../kernel/contract/plugin.ts';

/**
 * Credits: each member's balance, the ledger of every change to it, and whether the member has
 * ever paid (`paid_user`, premium). Always on (no feature flag): chat spends credits, signup grants
 * them, payments will sell them, and the user object carries the balance on every domain.
 */
export const creditsPlugin = definePluginDescriptor({
  id: 'credits',
  requires: ['auth'],
});

export default creditsPlugin;
