import { defineServerPlugin } from '../../kernel/server/plugin.ts';

/** The match finder asks the members search; the server half only declares its per-domain switch. */
export default defineServerPlugin({
  id: 'match-finder',
  feature: 'match-finder',
  requires: ['members'],
});
