import { defineServerPlugin } from '../../kernel/server/plugin.ts';

/** Browser-only feature; declared here so operators can switch it per domain like any other. */
export default defineServerPlugin({ id: 'site-entry', feature: 'site-entry' });
