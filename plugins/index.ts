// Every browser plugin, found by the bundler (a new plugin is its folder and nothing else): each
// plugins/<id>/manifest.ts, and the bare descriptor (plugin.ts) of a plugin without a browser half,
// so that `requires` means the same in the browser as on the server. Pages load lazily.
import type { WebPlugin } from '../kernel/web/plugin.ts';

/** What `import.meta.webpackContext` gives: the modules of a folder by key ("./<id>/manifest.ts"). */
export interface ModuleContext { keys(): string[]; (key: string): unknown }

/** The plugins of one folder's contexts (plugins/ here; tests read test-fixtures/ the same way). */
export function collectWebPlugins(manifests: ModuleContext, descriptors: ModuleContext): WebPlugin[] {
  const folder = (key: string) => key.split('/')[1];
  const withManifest = new Set(manifests.keys().map(folder));
  return [...new Map([
    ...manifests.keys().map((key) => [folder(key), (manifests(key) as { default: WebPlugin }).default] as const),
    ...descriptors.keys().filter((key) => !withManifest.has(folder(key)))
      .map((key) => [folder(key), (descriptors(key) as { default: WebPlugin }).default] as const),
  ]).values()];
}

export const webPlugins: WebPlugin[] = collectWebPlugins(
  import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/manifest\.ts$/ }),
  import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/plugin\.ts$/ }),
);
