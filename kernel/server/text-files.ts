import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localeFile, type Locale } from '../contract/locales.ts';

/** One namespace's texts: nested keys, strings at the leaves. */
export type TextTree = { [key: string]: string | TextTree };

/** The repository root: the kernel's texts are in locales/, each plugin's in plugins/<id>/locales. */
export const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Every text namespace and the folder of its `<lang>.json` files: `kernel`, and each plugin folder
 * that has a `locales/` folder, named by its id. Found on disk, so the kernel names no plugin.
 */
export function textFolders(root = APP_ROOT, pluginDirs: readonly string[] = ['plugins']): Map<string, string> {
  const folders = new Map<string, string>([['kernel', path.join(root, 'locales')]]);
  for (const pluginDir of pluginDirs) {
    const plugins = path.join(root, pluginDir);
    for (const e of fs.readdirSync(plugins, { withFileTypes: true })) {
      const dir = path.join(plugins, e.name, 'locales');
      if (e.isDirectory() && fs.existsSync(dir)) folders.set(e.name, dir);
    }
  }
  return folders;
}

/** The file of one namespace in one language (Norwegian: no.json). */
export const textFile = (folder: string, locale: Locale) => path.join(folder, `${localeFile(locale)}.json`);

/** One language's texts of the given namespaces (all of them by default), by namespace; missing files are left out. */
export function readTexts(locale: Locale, namespaces?: Iterable<string>, root = APP_ROOT): Record<string, TextTree> {
  const folders = textFolders(root);
  const out: Record<string, TextTree> = {};
  for (const ns of namespaces ?? folders.keys()) {
    const folder = folders.get(ns);
    const file = folder && textFile(folder, locale);
    if (file && fs.existsSync(file)) out[ns] = JSON.parse(fs.readFileSync(file, 'utf8')) as TextTree;
  }
  return out;
}
