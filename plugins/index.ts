// Every browser plugin, found by the bundler (a new plugin is its folder and nothing else): each
// plugins/<id>/manifest.ts, and the bare descriptor (plugin.ts) of a plugin without a browser half,
// so that `requires` means the same in the browser as on the server. Pages load lazily.
import type { WebPlugin } from '../kernel/web/plugin.ts';

/** What `import.meta.webpackContext` gives: the modules of a folder by key ("./<id>/manifest.ts"). */
export interface ModuleContext { keys(): string[]; (key: string): unknown }

/**
 * The plugins of one folder's context (plugins/ here; tests read test-fixtures/ the same way): each
 * folder's manifest.ts, else its plugin.ts. One context, not two: the bundle carries one map.
 */
export function collectWebPlugins(modules: ModuleContext): WebPlugin[] {
  return pluginKeys(modules).map((key) => pluginOf(modules, key));
}

/** Each folder's manifest.ts, else its plugin.ts: manifests first. */
function pluginKeys(modules: ModuleContext): string[] {
  const folder = (key: string) => key.split('/')[1];
  const manifests = modules.keys().filter((key) => key.endsWith('/manifest.ts'));
  const withManifest = new Set(manifests.map(folder));
  return [...manifests, ...modules.keys().filter((key) => key.endsWith('/plugin.ts') && !withManifest.has(folder(key)))];
}

const pluginOf = (modules: ModuleContext, key: string) => (modules(key) as { default: WebPlugin }).default;

// The bundler includes every module; each runs only when first asked for.
const product = import.meta.webpackContext('./', { recursive: true, regExp: /^\.\/[a-z0-9-]+\/(?:manifest|plugin)\.ts$/ });

/** Every browser plugin, its module and what it imports run at once (the server's render, tests). */
export const allWebPlugins = (): WebPlugin[] => collectWebPlugins(product);

/**
 * The same plugins for the browser's boot: one plugin's modules at a time, `between` giving the
 * browser a turn after each, so that starting the app is many short tasks, not one long one.
 */
export async function loadWebPlugins(between: () => Promise<unknown>): Promise<WebPlugin[]> {
  const out: WebPlugin[] = [];
  for (const key of pluginKeys(product)) {
    out.push(pluginOf(product, key));
    await between();
  }
  return out;
}
