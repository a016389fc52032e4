import { createContext, useContext, type ReactNode } from 'react';

/**
 * The widgets' translations: what the shared components use of react-i18next (`useTranslation()` →
 * `t` and `i18n.language`), over the app's own text files, without i18next itself (about 18 KiB gzip
 * of the widget's 100 KiB budget). The widgets build resolves `react-i18next` to this file
 * (rsbuild.config.ts), so plugin components run unchanged. Keys are "ns:a.b" (default namespace
 * kernel), values get {{name}} placeholders filled; a missing key gives options.defaultValue, else
 * the key, as i18next does. The texts the widgets show use no plurals or nesting.
 */
type Tree = { [key: string]: string | Tree };
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

const Context = createContext<WidgetI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: WidgetI18n; children?: ReactNode }) {
  return <Context.Provider value={i18n}>{children}</Context.Provider>;
}

export function useTranslation() {
  const i18n = useContext(Context);
  if (!i18n) throw new Error('useTranslation outside the widget I18nextProvider');
  return { t: i18n.t, i18n, ready: true };
}
