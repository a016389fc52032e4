// Every browser plugin: each plugins/<id>/manifest.ts, found by the bundler (a new plugin is its
// folder and nothing else). Manifests only: pages load lazily. Order comes from `requires`.
import type { WebPlugin } from '../kernel/web/plugin.ts';

const manifests = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/manifest\.ts$/ });

export const webPlugins: WebPlugin[] = [...new Set(manifests.keys().map((key) => (manifests(key) as { default: WebPlugin }).default))];
