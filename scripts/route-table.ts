// Prints the browser routes as JSON (run by the build, see rsbuild-speed.ts): which plugin owns each
// route, its pattern, access and the module its page imports. Loads only the manifests (pages are lazy).
import fs from 'node:fs';
import path from 'node:path';
import type { WebPlugin } from '../kernel/web/plugin.ts';
import { routeTexts } from '../kernel/web/texts.ts';

// Found the way the bundler finds them (plugins/index.ts): every plugins/<id>/manifest.ts.
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'plugins');
const webPlugins: WebPlugin[] = await Promise.all(fs.readdirSync(root).filter((id) => fs.existsSync(path.join(root, id, 'manifest.ts')))
  .map(async (id) => (await import(path.join(root, id, 'manifest.ts')) as { default: WebPlugin }).default));

const rows = webPlugins.flatMap((p) => (p.pages ?? []).map((r) => ({
  plugin: p.id,
  name: r.name,
  path: p.routes?.[r.name],
  access: r.access,
  ...(r.guestsOnly ? { guestsOnly: true } : {}),
  ...(r.serves ? { serves: r.serves } : {}),
  ...(r.ssr ? { ssr: true } : {}),
  // The text namespaces its page needs with every plugin on (the server keeps the enabled ones).
  texts: routeTexts(webPlugins, { name: r.name, plugin: p.id, layout: r.layout, area: r.area }),
  // `() => import('./web/Page.tsx')` (possibly with .then): the module the page chunk starts from.
  request: /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(String(r.page))?.[1] ?? null,
})));
process.stdout.write(JSON.stringify(rows));
