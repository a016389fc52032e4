// Rsbuild plugin for the production build (`rsbuild build`, so `npm run build` and `npm start`):
// 1. writes dist/route-chunks.json: for every browser route, the chunk files of its page, so the
//    server can preload them in the HTML it serves for that address;
// 2. writes precompressed `.br` (brotli quality 11) and `.gz` (gzip level 9) copies next to every
//    text file in dist/, served by @fastify/static (`preCompressed: true`) without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { execFileSync } from 'node:child_process';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { ROUTE_CHUNKS_FILE, type RouteChunks } from '../kernel/contract/boot.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT_FILE = /\.(?:js|mjs|cjs|css|html|json|svg|webmanifest|txt|xml|map)$/;

interface PartRow { name: string; plugin: string; request: string | null }
interface RouteRow { plugin: string; name: string; path: string; access: 'visitor' | 'member' | 'operator'; guestsOnly?: boolean; serves?: 'login' | 'members-home'; ssr?: boolean; texts: NonNullable<RouteChunks['routes'][number]['texts']>; request: string | null }

export function pluginSpeed(): RsbuildPlugin {
  return {
    name: 'flirt:speed',
    setup(api) {
      api.onAfterEnvironmentCompile(async ({ stats, environment, isWatch }) => {
        if (api.context.action !== 'build' || isWatch || !stats || stats.hasErrors()) return;
        const root = api.context.rootPath;
        const dist = environment.distPath;
        const t0 = Date.now();
        // The route → chunk map is the app's (the console and the other builds have no routes of the app).
        const routes = environment.name === 'web' ? writeRouteChunks(root, dist, stats) : 0;
        const { files, raw, br } = await precompress(dist);
        console.log(`[speed] ${routes} routes mapped to chunks; ${files} files precompressed (${kib(raw)} → ${kib(br)} brotli) in ${Date.now() - t0} ms`);
      });
    },
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The module path an origin's `moduleIdentifier` ends with (after any loader prefixes). */
const originModule = (id: string | undefined) => (id ? id.slice(id.lastIndexOf('!') + 1).split('|')[0] : '');

function writeRouteChunks(root: string, dist: string, stats: Rspack.Stats): number {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return 0;
  const { routes: rows, parts } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/route-table.ts')], { cwd: root, encoding: 'utf8' })) as { routes: RouteRow[]; parts: PartRow[] };
  const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true, publicPath: true });
  const publicPath = typeof json.publicPath === 'string' && json.publicPath !== 'auto' ? json.publicPath : '/';
  const html = fs.readFileSync(index, 'utf8');
  // Every chunk an `import()` in module M for request R loads, keyed by the resolved target file.
  const byTarget = new Map<string, Set<string>>();
  for (const chunk of json.chunks ?? []) {
    if (chunk.initial) continue;
    for (const o of chunk.origins ?? []) {
      const from = originModule(o.moduleIdentifier);
      if (!from || !o.request || !path.isAbsolute(from)) continue;
      const target = path.resolve(path.dirname(from), o.request).replace(/\.[jt]sx?$/, '');
      const files = byTarget.get(target) ?? new Set<string>();
      for (const f of [...(chunk.files ?? []), ...(chunk.auxiliaryFiles ?? [])]) {
        if (/\.(?:js|css)$/.test(f)) files.add(f);
      }
      byTarget.set(target, files);
    }
  }
  // The kernel's own lazy chunks every page needs at once (the HTTP client, superagent, that
  // kernel/web/api.ts starts loading when the app boots): preloaded on every address.
  const kernelLazy = [...byTarget.entries()]
    .filter(([target]) => target === 'superagent' || target.endsWith(`${path.sep}superagent`))
    .flatMap(([, files]) => [...files]);
  const out: RouteChunks = { routes: [], parts: {} };
  // The files of the chunks a plugin's `import(request)` loads, as URLs, minus what index.html has.
  const filesOf = (plugin: string, request: string | null, extra: string[] = []) => {
    const target = request ? path.resolve(root, 'plugins', plugin, request).replace(/\.[jt]sx?$/, '') : '';
    return [...new Set([...(byTarget.get(target) ?? []), ...extra])]
      .map((f) => publicPath.replace(/\/?$/, '/') + f.replace(/^\//, ''))
      .filter((url) => !html.includes(`"${url}"`))
      // Styles first (they block rendering of the page once it arrives), then scripts.
      .sort((a, b) => Number(a.endsWith('.js')) - Number(b.endsWith('.js')) || a.localeCompare(b));
  };
  for (const p of parts) {
    const files = filesOf(p.plugin, p.request);
    if (files.length) out.parts![p.name] = files;
  }
  for (const r of rows) {
    const files = filesOf(r.plugin, r.request, kernelLazy);
    if (!files.length) console.warn(`[speed] no chunk found for route ${r.name} (${r.plugin}: ${r.request})`);
    out.routes.push({ name: r.name, path: r.path, access: r.access, ...(r.guestsOnly ? { guestsOnly: true } : {}), plugin: r.plugin, ...(r.serves ? { serves: r.serves } : {}), ...(r.ssr ? { ssr: true } : {}), files, texts: r.texts });
  }
  fs.writeFileSync(path.join(dist, ROUTE_CHUNKS_FILE), JSON.stringify(out, null, 1));
  return out.routes.length;
}

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return textFiles(p);
    return TEXT_FILE.test(e.name) ? [p] : [];
  });
}

async function precompress(dist: string) {
  let raw = 0, br = 0, files = 0;
  await Promise.all(textFiles(dist).map(async (file) => {
    const data = await fs.promises.readFile(file);
    const [b, g] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    // A compressed copy that is not smaller is not worth sending (tiny files).
    if (b.length < data.length) await fs.promises.writeFile(`${file}.br`, b);
    if (g.length < data.length) await fs.promises.writeFile(`${file}.gz`, g);
    files++; raw += data.length; br += Math.min(b.length, data.length);
  }));
  return { files, raw, br };
}
