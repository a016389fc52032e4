import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';

// The rooms of ARCHITECTURE.md, checked by reading every import in the tree.
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = (dir: string): string[] => !fs.existsSync(dir) ? [] : fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
  return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
});
const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
  .map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'))
  .map((s) => path.relative(root, path.resolve(path.dirname(file), s)).split(path.sep).join('/'));
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
const all = ['kernel', 'plugins', 'widgets'].flatMap((d) => files(path.join(root, d))).filter((f) => !/\.test\.tsx?$/.test(f));

/** [file, import] pairs that break a rule. */
function violations(rule: (from: string, to: string) => boolean) {
  return all.flatMap((f) => importsOf(f).filter((to) => rule(rel(f), to)).map((to) => `${rel(f)} -> ${to}`));
}
const pluginOf = (p: string) => /^plugins\/([^/]+)\//.exec(p)?.[1];
const isServerSide = (p: string) => p.startsWith('kernel/server/') || /^plugins\/[^/]+\/server(\/|\.ts$)/.test(p) || p === 'plugins/server.ts';
const isWebSide = (p: string) => p.startsWith('kernel/web/') || /^plugins\/[^/]+\/(web\/|manifest\.ts$|ui\.tsx?$|console\.ts$)/.test(p) || p === 'plugins/index.ts' || p === 'plugins/console.ts';

describe('architecture', () => {
  it('reads a real tree', () => {
    expect(all.length).toBeGreaterThan(20);
  });
  it('keeps the browser and the server apart', () => {
    expect(violations((from, to) => isWebSide(from) && isServerSide(to))).toEqual([]);
    expect(violations((from, to) => isServerSide(from) && isWebSide(to))).toEqual([]);
  });
  it('keeps the kernel free of plugins (only boot and main read the plugin lists)', () => {
    const entry = new Set(['kernel/web/boot.tsx', 'kernel/web/ssr.tsx', 'kernel/web/console/boot.tsx', 'kernel/server/main.ts', 'kernel/server/testing.ts']);
    expect(violations((from, to) => from.startsWith('kernel/') && !entry.has(from) && to.startsWith('plugins/'))).toEqual([]);
    expect(violations((from, to) => entry.has(from) && to.startsWith('plugins/') && !['plugins/index.ts', 'plugins/console.ts', 'plugins/server.ts', 'plugins/testing.ts'].includes(to))).toEqual([]);
  });
  it('lets plugins use only each other\'s contract and public entry points', () => {
    const publicEntry = (to: string) => /^plugins\/[^/]+\/(contract|manifest|server|ui)\.tsx?$/.test(to);
    expect(violations((from, to) => {
      const a = pluginOf(from), b = pluginOf(to);
      return !!a && !!b && a !== b && !publicEntry(to);
    })).toEqual([]);
  });
  it('reaches services and store slices through typed refs, not string ids and casts', () => {
    const lookups = all.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/services\.(?:get|find|provide)\s*<|\.store\.[\w$]+\s+as\s|\.store\[['"][^'"]+['"]\]\s+as\s/g)].map((m) => `${rel(f)}: ${m[0]}`));
    expect(lookups).toEqual([]);
  });
  it('keeps test fixtures out of the product', () => {
    expect(violations((_from, to) => to.startsWith('test-fixtures/'))).toEqual([]);
  });
  it('keeps widgets away from the router and the root store', () => {
    expect(violations((from, to) => from.startsWith('widgets/') && /kernel\/web\/(router|store|kernel|App)\b/.test(to))).toEqual([]);
  });
});

// Contracts written once: every endpoint is one definition in its owner's contract (kernel/contract
// for the kernel's), the server registers it from there and the browser calls it from there.
const contractFile = (f: string) => /^(kernel\/contract\/[^/]+|(plugins|test-fixtures)\/[^/]+\/contract)\.ts$/.test(f);
const product = [...all, ...files(path.join(root, 'test-fixtures'))].filter((f) => !/\.test\.tsx?$/.test(f) && !/(^|\/)testing\.tsx?$/.test(f));
/** Every string literal (or template part) of a file, with its line. */
function stringsOf(file: string): { text: string; line: number }[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      out.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
const matches = (re: RegExp, list = product) => list.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(re)].map((m) => `${rel(f)}: ${m[0]}`));

describe('contracts written once', () => {
  it('names API paths only in contract files (an endpoint is its contract\'s; the prefix "/api" itself is the kernel\'s)', () => {
    const stray = product.filter((f) => !contractFile(rel(f))).flatMap((f) => stringsOf(f)
      .filter((s) => /(^|[^\w])\/api\/\w/.test(s.text)).map((s) => `${rel(f)}:${s.line}: ${s.text.slice(0, 60)}`));
    expect(stray).toEqual([]);
  });
  it('types route input from the contract: no req.body/query/params casts', () => {
    expect(matches(/\breq\.(body|query|params)\s+as\b/g)).toEqual([]);
  });
  it('keeps `as unknown as` to the one documented adapter (kernel/contract/adapter.ts)', () => {
    expect(matches(/\bas\s+unknown\s+as\b/g).filter((m) => !m.startsWith('kernel/contract/adapter.ts:'))).toEqual([]);
  });
  it('injects services (declared deps) instead of looking them up at call time', () => {
    expect(matches(/\bservices\.(get|find)\s*\(/g).filter((m) => !m.startsWith('kernel/'))).toEqual([]);
  });
  it('links to other plugins\' pages through route refs, not router.has', () => {
    expect(matches(/\brouter\.has\s*\(/g)).toEqual([]);
  });
  it('leaves TypeBox\'s checkers to the server: browser and shared code import only the builders', () => {
    const serverOnly = (f: string) => isServerSide(f) || /^(plugins|test-fixtures)\/[^/]+\/server(\/|\.ts$)/.test(f) || f === 'kernel/contract/adapter.ts';
    const bad = product.filter((f) => !serverOnly(rel(f))).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/from\s+['"](typebox\/[^'"]+|@fastify\/type-provider-typebox)['"]/g)].map((m) => `${rel(f)}: ${m[1]}`));
    expect(bad).toEqual([]);
  });
});
