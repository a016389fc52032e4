// Fails when the landing page's initial JavaScript (what "/" downloads before it can render) exceeds
// its budget, or the embeddable widgets theirs: the pasted snippet with widgets/loader.js, and all a
// widget loads for its first render (loader, its code, its texts in the largest language).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { widgetSnippet } from '../widgets/snippet.ts';
import type { RouteChunks } from '../kernel/contract/boot.ts';

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

// --- Widgets ------------------------------------------------------------------------------------
const SNIPPET_BUDGET_KIB = 2;
const WIDGET_BUDGET_KIB = 100;
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
// The signup widget's code (one chunk, widget-signup.*.js), and the texts it fetches: one file per
// namespace and language (static/texts/<lang>.<hash>.json), counted for the largest language.
const jsDir = path.join(widgets, 'static', 'js');
const code = fs.readdirSync(jsDir).filter((f) => /^widget-signup\.[0-9a-f]+\.js$/.test(f));
if (code.length !== 1) throw new Error(`expected one widget-signup chunk in ${jsDir}, found ${code.length}`);
const others = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js') && !code.includes(f));
if (others.length) throw new Error(`unexpected widget chunks (count them in the budget): ${others.join(', ')}`);
const codeGz = gz(fs.readFileSync(path.join(jsDir, code[0])));
const textsDir = path.join(widgets, 'static', 'texts');
const byLang = new Map<string, number>();
for (const f of fs.readdirSync(textsDir).filter((x) => x.endsWith('.json'))) {
  const lang = f.split('.')[0];
  byLang.set(lang, (byLang.get(lang) ?? 0) + gz(fs.readFileSync(path.join(textsDir, f))));
}
const [lang, textsGz] = [...byLang.entries()].sort((a, b) => b[1] - a[1])[0];
const widgetKib = (loader + codeGz + textsGz) / 1024;
console.log(`${widgetKib.toFixed(1).padStart(7)} KiB  signup widget, first render: loader ${(loader / 1024).toFixed(1)} + code ${(codeGz / 1024).toFixed(1)} + texts (${lang}) ${(textsGz / 1024).toFixed(1)} KiB, gzip (budget ${WIDGET_BUDGET_KIB} KiB)`);
if (widgetKib > WIDGET_BUDGET_KIB) {
  console.error(`Signup widget budget exceeded by ${(widgetKib - WIDGET_BUDGET_KIB).toFixed(1)} KiB`);
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
