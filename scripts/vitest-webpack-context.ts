// Vitest runs on Vite, which has no `import.meta.webpackContext` (the bundler's way of finding every
// plugins/<id>/manifest.ts): in tests the same lookup becomes Vite's `import.meta.glob`.
import type { Plugin } from 'vite';

export const webpackContextShim = (): Plugin => ({
  name: 'flirt:webpack-context-shim',
  enforce: 'pre',
  transform(code, id) {
    if (!code.includes('import.meta.webpackContext(')) return null;
    const glob = /import\.meta\.webpackContext\(\s*'\.\/',\s*\{[^}]*regExp:\s*\/\^\\\.\\\/\[a-z0-9-\]\+\\\/((?:\(\?:[\w|]+\))?[\w.\\]+)\$\/\s*\}\s*\)/g;
    if (!glob.test(code)) throw new Error(`${id}: import.meta.webpackContext form not understood by the test shim`);
    // `(?:manifest|plugin)\.ts` becomes the glob `{manifest,plugin}.ts`.
    const pattern = (file: string) => file.replace(/\\/g, '').replace(/\(\?:([\w|]+)\)/, (_m, names: string) => `{${names.replace(/\|/g, ',')}}`);
    return code.replace(glob, (_all, file: string) =>
      `((m) => Object.assign((k) => m[k], { keys: () => Object.keys(m) }))(import.meta.glob('./*/${pattern(file)}', { eager: true }))`);
  },
});
