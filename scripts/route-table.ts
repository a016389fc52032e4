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

const importOf = (loader: unknown) => /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(String(loader))?.[1] ?? null;

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
  request: importOf(r.page),
})));
// The other lazy parts the server may render into a page (banners, alerts, panels, layouts), named
// as kernel/web/lazy-parts.ts names them: their chunks' styles go into such a page's HTML.
const parts = webPlugins.flatMap((p) => [
  ...(p.layouts ?? []).map((l) => ({ name: `${p.id}:layout:${l.name}`, plugin: p.id, request: importOf(l.component) })),
  ...(p.alerts ?? []).map((a) => ({ name: `${p.id}:alert:${a.id}`, plugin: p.id, request: importOf(a.component) })),
  ...(p.banners ?? []).map((b) => ({ name: `${p.id}:banner:${b.id}`, plugin: p.id, request: importOf(b.component) })),
  ...(p.panels ?? []).map((x) => ({ name: `${p.id}:panel:${x.id}`, plugin: p.id, request: importOf(x.component) })),
]);
process.stdout.write(JSON.stringify({ routes: rows, parts }));
