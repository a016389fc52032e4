// Every browser plugin, found by the bundler (a new plugin is its folder and nothing else): each
// plugins/<id>/manifest.ts, and the bare descriptor (plugin.ts) of a plugin without a browser half,
// so that `requires` means the same in the browser as on the server. Pages load lazily.
import type { WebPlugin } from '../kernel/web/plugin.ts';

const manifests = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/manifest\.ts$/ });
const descriptors = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/plugin\.ts$/ });
const folder = (key: string) => key.split('/')[1];

const withManifest = new Set(manifests.keys().map(folder));
export const webPlugins: WebPlugin[] = [...new Map([
  ...manifests.keys().map((key) => [folder(key), (manifests(key) as { default: WebPlugin }).default] as const),
  ...descriptors.keys().filter((key) => !withManifest.has(folder(key)))
    .map((key) => [folder(key), (descriptors(key) as { default: WebPlugin }).default] as const),
]).values()];
