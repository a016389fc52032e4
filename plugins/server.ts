// Every plugin, for the server: each folder under plugins/ with a plugin.ts descriptor, found at
// start (a new plugin is its folder and nothing else), with its server.ts half when it has one (a
// browser-only plugin is still known here, so the one switch and the shell know it too). Order does
// not matter: `requires` decides (orderPlugins).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerPlugin } from '../kernel/server/plugin.ts';
import type { PluginDescriptor } from '../kernel/contract/plugin.ts';

/** The plugins in the folders of `dir` (the product's plugins/; tests also read test-fixtures/). */
export async function discoverServerPlugins(dir: string): Promise<ServerPlugin[]> {
  const ids = fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'plugin.ts')))
    .map((e) => e.name).sort();
  return Promise.all(ids.map(async (id) => {
    const half = fs.existsSync(path.join(dir, id, 'server.ts')) ? 'server.ts' : 'plugin.ts';
    const plugin = (await import(pathToFileURL(path.join(dir, id, half)).href) as { default: ServerPlugin | PluginDescriptor }).default;
    if (plugin.id !== id) throw new Error(`${path.basename(dir)}/${id} declares plugin ${plugin.id}: the folder and the id must match`);
    return plugin;
  }));
}

export const serverPlugins: ServerPlugin[] = await discoverServerPlugins(path.dirname(fileURLToPath(import.meta.url)));
