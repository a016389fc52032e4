import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import matchFinderPlugin from './plugin.ts';

/** The match finder asks the members search; the server half only declares its per-domain switch. */
export default defineServerPlugin(matchFinderPlugin, {
});
