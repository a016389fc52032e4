// Fails when the landing page's initial JavaScript (what "/" downloads before it can render) exceeds
// its budget, or a members' page's first load (initial + the page's chunks) its own, or the embeddable widgets theirs: the pasted snippet with widgets/loader.js, and all a
// widget loads for its first render (loader, its code, its texts in the largest language), or a
// lander's (its script and chunks).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { widgetSnippet } from '../widgets/snippet.ts';
import type { RouteChunks } from '../kernel/contract/boot.ts';

// Every page carries the hooks that hydrate a server-rendered one (plugins' `hydrate`, set-up once
// hydrated, alerts after hydrating; the rest loads only on such a page: kernel/web/hydration.ts).
// With all styles in one stylesheet (no per-chunk style stubs) it is 149.4 KiB.
const BUDGET_KIB = 150;
const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
if (!scripts.length) throw new Error('no scripts found in dist/index.html: is the build there?');
let total = 0;
for (const src of scripts) {
  const file = path.join(dist, src.replace(/^\//, ''));
  const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KiB  ${src}`);
}
const kib = total / 1024;
console.log(`${kib.toFixed(1).padStart(7)} KiB  initial JavaScript, gzip (budget ${BUDGET_KIB} KiB)`);
let failed = false;
if (kib > BUDGET_KIB) {
  console.error(`Size budget exceeded by ${(kib - BUDGET_KIB).toFixed(1)} KiB`);
  failed = true;
}

// --- Members' pages -------------------------------------------------------------------------------
// What each page of the members' area downloads before it can render: the initial scripts above
// plus the page's own chunks (route-chunks.json: the files the server preloads for that address).
const ROUTE_BUDGET_KIB = 180;
const MEMBER_AREA = ['members', 'members-id'];
const routeMap = JSON.parse(fs.readFileSync(path.join(dist, 'route-chunks.json'), 'utf8')) as RouteChunks;
const memberRoutes = routeMap.routes.filter((r) => r.access === 'member' || MEMBER_AREA.includes(r.name));
if (memberRoutes.length < 10) throw new Error(`route-chunks.json lists only ${memberRoutes.length} members' pages: is the build there?`);
const fileGz = new Map<string, number>();
const gzOf = (url: string) => {
  if (!fileGz.has(url)) fileGz.set(url, zlib.gzipSync(fs.readFileSync(path.join(dist, url.replace(/^\//, ''))), { level: 9 }).length);
  return fileGz.get(url)!;
};
const perRoute = memberRoutes.map((r) => {
  const own = r.files.filter((f) => f.endsWith('.js') && !scripts.includes(f));
  return { name: r.name, path: r.path, kib: (total + own.reduce((sum, f) => sum + gzOf(f), 0)) / 1024 };
}).sort((a, b) => b.kib - a.kib);
console.log(`${perRoute[0].kib.toFixed(1).padStart(7)} KiB  largest members' page first load (${perRoute[0].path}: initial + its chunks), gzip (budget ${ROUTE_BUDGET_KIB} KiB each; ${perRoute.length} pages, smallest ${perRoute[perRoute.length - 1].kib.toFixed(1)})`);
for (const r of perRoute.filter((x) => x.kib > ROUTE_BUDGET_KIB)) {
  console.error(`Members' page ${r.path}: budget exceeded by ${(r.kib - ROUTE_BUDGET_KIB).toFixed(1)} KiB`);
  failed = true;
}
if (process.env.SIZE_VERBOSE) for (const r of perRoute) console.log(`${r.kib.toFixed(1).padStart(7)} KiB  ${r.path}`);

// --- Widgets ------------------------------------------------------------------------------------
const SNIPPET_BUDGET_KIB = 2;
const WIDGET_BUDGET_KIB = 100;
/** The swipe widget's first render (widgets/swipe): Preact, the deck, its texts. */
const SWIPE_WIDGET_BUDGET_KIB = 60;
const gz = (data: string | Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const widgets = path.join(dist, 'widgets');
const loaderFile = path.join(widgets, 'loader.js');
if (!fs.existsSync(loaderFile)) throw new Error(`no ${loaderFile}: is the widgets build there?`);
const loader = gz(fs.readFileSync(loaderFile));
const stub = gz(widgetSnippet('https://www.example.com', "flirt('signup', { ref: 'r-1', network: 'adnet', sub1: 'spring', sub2: 'a', sub3: 'b', lang: 'de', theme: 'light' });"));
const snippetKib = (loader + stub) / 1024;
console.log(`${snippetKib.toFixed(1).padStart(7)} KiB  widget snippet (pasted ${stub} B + loader.js ${loader} B), gzip (budget ${SNIPPET_BUDGET_KIB} KiB)`);
if (snippetKib > SNIPPET_BUDGET_KIB) {
  console.error(`Widget snippet budget exceeded by ${(snippetKib - SNIPPET_BUDGET_KIB).toFixed(2)} KiB`);
  failed = true;
}
// Each widget's code (one chunk each: widget-signup.*.js, widget-swipe.*.js) and the texts it
// fetches: one file per namespace and language (static/texts/<lang>.<hash>.json, the very bytes of
// locales/ and plugins/<id>/locales/, so each file is told apart by its content), counted for the
// widget's largest language.
const jsDir = path.join(widgets, 'static', 'js');
const chunkOf = (name: string) => {
  const files = fs.readdirSync(jsDir).filter((f) => new RegExp(`^widget-${name}\\.[0-9a-f]+\\.js$`).test(f));
  if (files.length !== 1) throw new Error(`expected one widget-${name} chunk in ${jsDir}, found ${files.length}`);
  return files[0];
};
const chunks = { signup: chunkOf('signup'), swipe: chunkOf('swipe') };
const others = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js') && !Object.values(chunks).includes(f));
if (others.length) throw new Error(`unexpected widget chunks (count them in the budget): ${others.join(', ')}`);
const codeGz = (name: keyof typeof chunks) => gz(fs.readFileSync(path.join(jsDir, chunks[name])));
const textsDir = path.join(widgets, 'static', 'texts');
const sourceOf = new Map<string, { ns: string; lang: string }>();
const textSources: [string, string][] = [['kernel', 'locales'], ...fs.readdirSync('plugins').map((id) => [id, path.join('plugins', id, 'locales')] as [string, string])];
for (const [ns, dir] of textSources.filter(([, d]) => fs.existsSync(d))) {
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) sourceOf.set(fs.readFileSync(path.join(dir, f), 'utf8'), { ns, lang: f.split('.')[0] });
}
const textFiles = fs.readdirSync(textsDir).filter((x) => x.endsWith('.json')).map((f) => {
  const text = fs.readFileSync(path.join(textsDir, f), 'utf8');
  const source = sourceOf.get(text);
  if (!source) throw new Error(`widget texts ${f}: no text file of the sources has these bytes`);
  return { ...source, gz: gz(text) };
});
/** The largest language's texts of these namespaces: [language, gzip bytes]. */
function largestTexts(namespaces: string[]): [string, number] {
  const byLang = new Map<string, number>();
  for (const f of textFiles.filter((x) => namespaces.includes(x.ns))) byLang.set(f.lang, (byLang.get(f.lang) ?? 0) + f.gz);
  if (!byLang.size) throw new Error(`no widget texts of ${namespaces.join(', ')} in ${textsDir}`);
  return [...byLang.entries()].sort((a, b) => b[1] - a[1])[0];
}
/** Loader, code and texts of a widget's first render against its budget. */
function widgetBudget(name: keyof typeof chunks, namespaces: string[], budgetKib: number, note = '') {
  const code = codeGz(name);
  const [lang, texts] = largestTexts(namespaces);
  const kib = (loader + code + texts) / 1024;
  console.log(`${kib.toFixed(1).padStart(7)} KiB  ${name} widget, first render: loader ${(loader / 1024).toFixed(1)} + code ${(code / 1024).toFixed(1)} + texts (${lang}) ${(texts / 1024).toFixed(1)} KiB, gzip (budget ${budgetKib} KiB)${note}`);
  if (kib > budgetKib) {
    console.error(`${name[0].toUpperCase()}${name.slice(1)} widget budget exceeded by ${(kib - budgetKib).toFixed(1)} KiB`);
    failed = true;
  }
}
// The signup widget's first render: its code and its namespaces (widgets/signup/mount.tsx).
widgetBudget('signup', ['kernel', 'signup', 'members'], WIDGET_BUDGET_KIB);
// The swipe widget's first render: Preact, the deck and the landers' texts; no React (the signup
// widget's chunk comes only after the third like, not counted here).
const swipeCode = fs.readFileSync(path.join(jsDir, chunks.swipe), 'utf8');
if (/react\.(?:element|transitional\.element|fragment)|__CLIENT_INTERNALS_DO_NOT_USE/.test(swipeCode)) {
  console.error('The swipe widget\'s first render carries React (it must stay on Preact)');
  failed = true;
}
widgetBudget('swipe', ['landers'], SWIPE_WIDGET_BUDGET_KIB, ' (photos not counted)');

// --- Landers -------------------------------------------------------------------------------------
// A lander's first render (plugins/landers, the build's `landers` environment): the landers script,
// the lander's own chunk, and every shared chunk (counted whether the page needs it or not, e.g. the
// visit recording of an address with tracking parameters). Its HTML's budget (30 KiB gzip) is
// checked by the landers' server tests, which render every lander.
const LANDER_BUDGET_KIB = 60;
const landerManifestFile = path.join(dist, 'lander', 'manifest.json');
if (!fs.existsSync(landerManifestFile)) throw new Error(`no ${landerManifestFile}: is the landers build there?`);
const landerManifest = JSON.parse(fs.readFileSync(landerManifestFile, 'utf8')) as { allFiles: string[]; entries: { lander: { initial: { js: string[] } } } };
const landerGz = (url: string) => gz(fs.readFileSync(path.join(dist, url.replace(/^\//, ''))));
const landerScript = landerManifest.entries.lander.initial.js.reduce((sum, url) => sum + landerGz(url), 0);
const landerJs = landerManifest.allFiles.filter((f) => f.endsWith('.js') && !landerManifest.entries.lander.initial.js.includes(f));
const own = landerJs.filter((f) => /\/lander-[a-z0-9-]+\.[0-9a-f]+\.js$/.test(f));
const shared = landerJs.filter((f) => !own.includes(f)).reduce((sum, url) => sum + landerGz(url), 0);
if (!own.length) throw new Error('no lander chunks in the landers build');
const perLander = own.map((url) => ({ name: /\/lander-([a-z0-9-]+)\./.exec(url)![1], bytes: landerScript + shared + landerGz(url) }))
  .sort((a, b) => b.bytes - a.bytes);
const largest = perLander[0];
console.log(`${(largest.bytes / 1024).toFixed(1).padStart(7)} KiB  largest lander's initial JavaScript (${largest.name}: script ${(landerScript / 1024).toFixed(1)} + shared ${(shared / 1024).toFixed(1)} + its chunk), gzip (budget ${LANDER_BUDGET_KIB} KiB; ${own.length} landers, smallest ${(perLander[perLander.length - 1].bytes / 1024).toFixed(1)})`);
for (const l of perLander.filter((x) => x.bytes / 1024 > LANDER_BUDGET_KIB)) {
  console.error(`Lander ${l.name}: budget exceeded by ${(l.bytes / 1024 - LANDER_BUDGET_KIB).toFixed(1)} KiB`);
  failed = true;
}

// --- Texts of the landing page ---------------------------------------------------------------------
// Texts load per plugin (kernel/web/texts.ts): a visitor on "/" gets only what it shows, in the boot
// block (chat shows nothing there).
const routeChunks = JSON.parse(fs.readFileSync(path.join(dist, 'route-chunks.json'), 'utf8')) as RouteChunks;
const landing = routeChunks.routes.find((r) => r.path === '/');
if (!landing?.texts) throw new Error('route-chunks.json has no texts for "/": is the build there?');
console.log(`texts of "/": visitor ${landing.texts.visitor.join(', ')}; member ${landing.texts.member.join(', ')}`);
if (landing.texts.visitor.includes('chat')) {
  console.error('The landing page would load chat\'s texts for a visitor');
  failed = true;
}
if (failed) process.exit(1);
