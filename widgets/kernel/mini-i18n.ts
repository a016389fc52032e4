/**
 * The widgets' mini i18n over the app's own text files (react-i18n.tsx gives it to React components
 * as react-i18next's `useTranslation`). Keys are "ns:a.b" (default namespace kernel), values get
 * {{name}} placeholders filled; a missing key gives options.defaultValue, else the key, as i18next
 * does. No React here: widgets/kernel/i18n.ts, which the Preact swipe widget loads its texts with,
 * imports it without pulling React into that widget.
 */
export type Tree = { [key: string]: string | Tree };
type Options = Record<string, unknown> & { defaultValue?: string };

export interface WidgetI18n {
  language: string;
  t(key: string, options?: Options): string;
}

export function createMiniI18n(language: string, texts: Record<string, Tree>): WidgetI18n {
  const lookup = (key: string): string | undefined => {
    const [ns, path] = key.includes(':') ? [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)] : ['kernel', key];
    let node: string | Tree | undefined = texts[ns];
    for (const part of path.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return {
    language,
    t(key, options = {}) {
      const text = lookup(key) ?? options.defaultValue ?? key;
      return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (m, name: string) => (options[name] !== undefined ? String(options[name]) : m));
    },
  };
}
