// Prints the browser routes as JSON (run by the build, see rsbuild-speed.ts): which plugin owns each
// route, its pattern, access and the module its page imports. Loads only the manifests (pages are lazy).
import { webPlugins } from '../plugins/index.ts';
import { routePath } from '../kernel/web/router.ts';

const rows = webPlugins.flatMap((p) => (p.routes ?? []).map((r) => ({
  plugin: p.id,
  feature: p.feature,
  name: r.name,
  path: routePath(r),
  access: r.access ?? 'any',
  // `() => import('./web/Page.tsx')` (possibly with .then): the module the page chunk starts from.
  request: /import\(\s*["'`]([^"'`]+)["'`]\s*\)/.exec(String(r.page))?.[1] ?? null,
})));
process.stdout.write(JSON.stringify(rows));
