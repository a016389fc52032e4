// The fixtures' browser halves, found exactly as plugins/index.ts finds the product's (tests only).
import { collectWebPlugins } from '../plugins/index.ts';
import type { WebPlugin } from '../kernel/web/plugin.ts';

export const fixtureWebPlugins: WebPlugin[] = collectWebPlugins(
  import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/(?:manifest|plugin)\.ts$/ }),
);
