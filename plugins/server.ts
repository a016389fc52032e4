// Every plugin, for the server: each folder under plugins/ with a plugin.ts descriptor, found at
// start (a new plugin is its folder and nothing else), with its server.ts half when it has one (a
// browser-only plugin is still known here, so the one switch and the shell know it too). Order does
// not matter: `requires` decides (orderPlugins).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerPlugin } from '../kernel/server/plugin.ts';
import type { PluginDescriptor } from '../kernel/contract/plugin.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const ids = fs.readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'plugin.ts')))
  .map((e) => e.name).sort();

export const serverPlugins: ServerPlugin[] = await Promise.all(ids.map(async (id) => {
  const plugin = fs.existsSync(path.join(dir, id, 'server.ts'))
    ? (await import(`./${id}/server.ts`) as { default: ServerPlugin }).default
    : (await import(`./${id}/plugin.ts`) as { default: PluginDescriptor }).default;
  if (plugin.id !== id) throw new Error(`plugins/${id} declares plugin ${plugin.id}: the folder and the id must match`);
  return plugin;
}));
