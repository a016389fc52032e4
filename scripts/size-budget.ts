// Fails when the landing page's initial JavaScript (what "/" downloads before it can render) exceeds the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KIB = 150;
const dist = path.resolve('dist');
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
if (kib > BUDGET_KIB) {
  console.error(`Size budget exceeded by ${(kib - BUDGET_KIB).toFixed(1)} KiB`);
  process.exit(1);
}
